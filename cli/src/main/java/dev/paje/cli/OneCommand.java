package dev.paje.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code paje} as {@link Main} declares it, for a command line that names one of its commands: that command is
 * then its only subcommand ({@link Main#commandLine}), so picocli does not read the annotations of the others.
 */
@Command(name = "paje", resourceBundle = "dev.paje.cli.help", versionProvider = Version.class)
final class OneCommand {

    /** The class of {@link Main}'s command named {@code name}, or null (also for {@code help}: it names others). */
    static Class<?> byName(String name) {
        return switch (name) {
            case "view" -> ViewCommand.class;
            case "dump" -> DumpCommand.class;
            case "dump-csv" -> DumpCsvCommand.class;
            case "validate" -> ValidateCommand.class;
            case "stats" -> StatsCommand.class;
            case "render" -> RenderCommand.class;
            case "export" -> ExportCommand.class;
            case "sql" -> SqlCommand.class;
            case "convert" -> ConvertCommand.class;
            case "cut" -> CutCommand.class;
            case "equals" -> EqualsCommand.class;
            case "causality" -> CausalityCommand.class;
            case "fix-clocks" -> FixClocksCommand.class;
            case "cache" -> CacheCommand.class;
            default -> null;
        };
    }
}
