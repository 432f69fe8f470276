package dev.paje.stats;

import dev.paje.store.DisplayNames;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Types by name, alias or unquoted name; a name that matches nothing fails with the names that come close. */
final class TypeLookup {
    private TypeLookup() {
    }

    private static boolean named(Type t, String w) {
        return t.name().equals(w) || w.equals(DisplayNames.name(t.name())) || w.equals(t.alias());
    }

    static boolean[] entityTypes(Trace trace, List<String> wanted) {
        boolean[] selected = new boolean[trace.types().size()];
        if (wanted.isEmpty()) {
            trace.types().forEach(t -> selected[t.id()] = t.kind() != TypeKind.CONTAINER);
            return selected;
        }
        List<String> entityTypes = trace.types().stream().filter(t -> t.kind() != TypeKind.CONTAINER)
                .map(t -> DisplayNames.name(t.name())).collect(Collectors.toList());
        for (String w : wanted) {
            boolean any = false;
            for (Type t : trace.types()) {
                if (named(t, w)) {
                    if (t.kind() == TypeKind.CONTAINER) {
                        throw new StatsException("'" + w + "' is a container type; --type takes entity types ("
                                + String.join(", ", entityTypes) + "); to aggregate by container type, use --group-by");
                    }
                    selected[t.id()] = true;
                    any = true;
                }
            }
            if (!any) {
                throw new StatsException("no entity type is named '" + w + "'" + NearMatches.hint(w, entityTypes)
                        + " (the entity types are: " + list(entityTypes) + ")");
            }
        }
        return selected;
    }

    static Type containerType(Trace trace, String w) {
        List<String> containerTypes = trace.types().stream().filter(t -> t.kind() == TypeKind.CONTAINER)
                .map(t -> DisplayNames.name(t.name())).collect(Collectors.toList());
        for (Type t : trace.types()) {
            if (named(t, w)) {
                if (t.kind() != TypeKind.CONTAINER) {
                    String kind = t.kind().name().toLowerCase(Locale.ROOT);
                    throw new StatsException("'" + w + "' is " + (t.kind() == TypeKind.EVENT ? "an " : "a ") + kind
                            + " type; --group-by takes a container type (" + list(containerTypes) + ")");
                }
                return t;
            }
        }
        throw new StatsException("no container type is named '" + w + "'" + NearMatches.hint(w, containerTypes)
                + " (the container types are: " + list(containerTypes) + ")");
    }

    private static String list(List<String> names) {
        return names.size() <= 30 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 30)) + ", ... (" + names.size() + " in all)";
    }
}
