package dev.paje.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version from the jar manifest (or says it runs from classes). */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"paje " + (v == null ? "(development build)" : v)};
    }
}
