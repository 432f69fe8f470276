package dev.paje.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The picocli converter of every time option (but dump's): a bad value is a usage error saying what was expected. */
final class TimeConverter implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        try {
            return Times.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
