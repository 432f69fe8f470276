package dev.paje.cli;

import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code paje} command: one subcommand per tool. */
@Command(name = "paje", resourceBundle = "dev.paje.cli.help", // the help texts of paje and its commands
        versionProvider = Version.class,
        subcommands = {ViewCommand.class, DumpCommand.class, DumpCsvCommand.class, ValidateCommand.class, StatsCommand.class,
            RenderCommand.class, ExportCommand.class, SqlCommand.class, ConvertCommand.class, CutCommand.class, EqualsCommand.class,
            CausalityCommand.class, FixClocksCommand.class,
            CacheCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @CommandLine.Option(names = {"-V", "--version"}, versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        Stdout.install();
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (tests call this); the codes are those of {@link ExitCodes}. */
    public static int run(String... args) {
        CommandLine cli = commandLine(args);
        ExitCodes.install(cli);
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> failed(e, "paje " + cmd.getCommandName()));
        cli.setParameterExceptionHandler(Main::usageError);
        int exit;
        try {
            exit = cli.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory();
        }
        flushOut(cli);
        if (Stdout.failed() && exit == ExitCodes.OK) {
            IOException e = Stdout.error();
            if (!Stdout.brokenPipe(e)) {
                System.err.println("paje: cannot write to standard output: " + OutputTarget.describe(e));
            }
            return ExitCodes.IO;
        }
        return exit;
    }

    /**
     * The command line for {@code args}: when they start with a command's name, {@code paje} with that command
     * alone ({@link OneCommand}), since picocli reads the annotations of every command it is given (1 GB validate:
     * ~0.1 s of a 2.7 s run for the 13 others); else {@code paje} with all of them (its help, typos, {@code help X}).
     */
    static CommandLine commandLine(String... args) {
        Class<?> command = args.length == 0 ? null : OneCommand.byName(args[0]);
        if (command == null) {
            return new CommandLine(new Main());
        }
        CommandLine cli = new CommandLine(new OneCommand());
        cli.addSubcommand(args[0], command);
        return cli;
    }

    /** Flushes picocli's writers on System.out (each command of the line has its own), so that a lost write shows. */
    private static void flushOut(CommandLine cli) {
        cli.getOut().flush();
        if (cli.getParseResult() != null) {
            cli.getParseResult().asCommandLineList().forEach(c -> c.getOut().flush());
        }
    }

    /**
     * A usage error: the message, picocli's suggestions for a typo, the command's synopsis and where its help is,
     * not the whole help (dozens of lines under which the one that matters scrolls away).
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.print(cmd.getHelp().fullSynopsis());
        err.printf("Try '%s --help' for more information.%n", cmd.getCommandSpec().qualifiedName());
        err.flush();
        return ExitCodes.USAGE;
    }

    /** The exit code for an exception a command let through: out of memory, an I/O error, or a bug. */
    private static int failed(Throwable e, String command) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError) {
                return outOfMemory();
            }
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof IOException io) {
                System.err.println(command + ": I/O error: " + OutputTarget.describe(io));
                return ExitCodes.IO;
            }
        }
        System.err.println(command + ": internal error (please report it with the trace that caused it): " + e);
        e.printStackTrace();
        return ExitCodes.INTERNAL;
    }

    private static int outOfMemory() {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        System.err.println("paje: out of memory: the JVM's heap (" + mb + " MB) is too small for this trace."
                + " Give it more with PAJE_HEAP, for example: PAJE_HEAP=16g ./paje ...");
        return ExitCodes.OUT_OF_MEMORY;
    }
}
