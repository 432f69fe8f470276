package dev.paje.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** How a report is printed: aligned text for people, JSON for programs. */
enum OutputFormat {
    TABLE, JSON;

    /** Reads {@code table} or {@code json}, in any case. */
    static final class Converter implements ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            for (OutputFormat f : values()) {
                if (f.name().equalsIgnoreCase(value)) {
                    return f;
                }
            }
            throw new TypeConversionException("expected table or json, found '" + value + "'");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
