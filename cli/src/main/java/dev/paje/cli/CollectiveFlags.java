package dev.paje.cli;

import dev.paje.collective.CollectiveOptions;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Option;

/** The options of {@code paje stats --collectives}: what makes links or events one collective operation. */
final class CollectiveFlags {
    @Option(names = "--collectives", description = {"Count collective operations instead: links of one type and value",
        "starting together (see --tolerance) or named by --key-rule, and events of one type",
        "and value at the same time, involving at least --min-containers containers.",
        "Printed by kind, type and value, with their total and mean duration."})
    boolean on;

    @Option(names = "--tolerance", paramLabel = "TIME", converter = TimeConverter.class, description = {"With --collectives: the largest gap between",
        "consecutive starts of one operation (default: the trace's time resolution,",
        "e.g. 1e-06 for times printed with 6 decimals)."})
    Double tolerance;

    @Option(names = "--min-containers", paramLabel = "K", description = "With --collectives: fewest containers involved (default: 3).")
    int minContainers = CollectiveOptions.DEFAULT_MIN_CONTAINERS;

    @Option(names = "--key-rule", paramLabel = "REGEX", description = {"With --collectives: links whose key this finds are one",
        "operation per text of its first group (e.g. '^\\d+_\\d+_(\\d+)_' for SimGrid's",
        "SRC_DST_TAG_SEQ keys: one operation per tag), whatever their times."})
    String keyRule;

    /** The options, or null after printing why they are wrong. */
    CollectiveOptions options(java.io.PrintWriter err) {
        if (!on) {
            if (tolerance != null || keyRule != null || minContainers != CollectiveOptions.DEFAULT_MIN_CONTAINERS) {
                err.println("paje stats: --tolerance, --min-containers and --key-rule go with --collectives");
                return null;
            }
            return CollectiveOptions.defaults();
        }
        try {
            Pattern rule = keyRule == null ? null : Pattern.compile(keyRule);
            return new CollectiveOptions(tolerance == null ? Double.NaN : tolerance, minContainers, rule, true, true);
        } catch (PatternSyntaxException e) {
            err.println("paje stats: --key-rule is not a regular expression: " + e.getDescription() + " in '" + keyRule + "'");
        } catch (IllegalArgumentException e) {
            err.println("paje stats: " + e.getMessage().replace("the tolerance", "--tolerance")
                    .replace("an operation involves", "--min-containers: an operation involves"));
        }
        return null;
    }
}
