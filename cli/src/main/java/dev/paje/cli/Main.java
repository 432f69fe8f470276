package dev.paje.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code paje} command: one subcommand per tool. */
@Command(name = "paje",
        description = "Fast tools for Pajé traces: view them in the browser, analyse, render and export them, "
            + "check and correct causality; dump and validate are drop-ins for PajeNG's pj_dump.",
        versionProvider = Version.class,
        subcommands = {ViewCommand.class, DumpCommand.class, ValidateCommand.class, StatsCommand.class,
            RenderCommand.class, ExportCommand.class, CutCommand.class, CausalityCommand.class, FixClocksCommand.class,
            CacheCommand.class,
            CommandLine.HelpCommand.class},
        footer = {"", "Run 'paje COMMAND --help' for the options of a command."})
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
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (tests call this). */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("paje: internal error (please report it with the trace that caused it): " + e);
            return 70;
        });
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("paje: out of memory while loading the trace. Give the JVM more heap,"
                    + " for example: PAJE_HEAP=16g ./paje ...");
            return 3;
        }
    }
}
