package dev.paje.imports.otf2;

import dev.paje.imports.PajeText;
import dev.paje.read.EventKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How an OTF2 archive's definitions become Pajé's type hierarchy and containers: system tree nodes,
 * then location groups (processes), then locations (threads); per thread type a "Region" state type,
 * an "MPI collective" state type, an "Event" event type, one variable type per metric member; "MPI
 * message" link types between thread types. Aliases are short ({@code l7}, {@code r12}) so lines stay short.
 */
final class PajeLayout {
    static final String ROOT = "0";
    /** The value of every link. */
    static final String MESSAGE = "p2p";

    private final GlobalDefs defs;
    private final Map<String, String> typeByKey = new LinkedHashMap<>();
    private final List<String[]> typeLines = new ArrayList<>();
    private final Map<Integer, String> nodeType = new HashMap<>();
    private final Map<Integer, String> groupType = new HashMap<>();
    private final Map<Long, Integer> threadType = new HashMap<>();
    private final List<String> threadTypes = new ArrayList<>();
    /** Attribute ids in user-field order, and the field names. */
    final int[] attributeIds;
    final String[] attributeFields;
    PajeText.Shape pushWithAttributes;
    PajeText.Shape eventShape;
    PajeText.Shape startLink;
    PajeText.Shape endLink;
    PajeText.Shape collective;

    PajeLayout(GlobalDefs defs) {
        this.defs = defs;
        attributeIds = new int[defs.attributes.size()];
        attributeFields = new String[attributeIds.length];
        Set<String> used = new HashSet<>(List.of("time", "type", "container", "value", "startcontainer", "endcontainer",
                "key", "alias", "name", "size", "tag", "fields", "communicator", "root", "sent", "received"));
        int i = 0;
        for (GlobalDefs.Attribute a : defs.attributes.values()) {
            attributeIds[i] = a.id();
            String f = a.name().replaceAll("[^A-Za-z0-9_.-]", "_");
            if (f.isEmpty() || !used.add(f.toLowerCase(java.util.Locale.ROOT))) {
                f = f + "_" + Integer.toUnsignedString(a.id());
                used.add(f.toLowerCase(java.util.Locale.ROOT));
            }
            attributeFields[i++] = f;
        }
        for (GlobalDefs.Node n : defs.nodes.values()) {
            nodeType(n.id());
        }
        for (GlobalDefs.LocationGroup g : defs.groups.values()) {
            groupType(g.id());
        }
        for (GlobalDefs.Location l : defs.locations.values()) {
            String group = groupType(l.group());
            String key = group + "/T";
            String alias = typeByKey.get(key);
            if (alias == null) {
                alias = type(key, "T", group, "Thread");
                threadTypes.add(alias);
            }
            threadType.put(l.id(), threadTypes.indexOf(alias));
        }
    }

    /** Declares the shapes of lines with user fields; before anything is written. */
    void shapes(PajeText out) {
        if (attributeIds.length > 0) {
            pushWithAttributes = out.shape(EventKind.PUSH_STATE, attributeFields);
        }
        eventShape = out.shape(EventKind.NEW_EVENT, concat("Fields"));
        startLink = out.shape(EventKind.START_LINK, concat("Size", "Tag"));
        endLink = out.shape(EventKind.END_LINK, concat("Size", "Tag"));
        collective = out.shape(EventKind.PUSH_STATE, concat("Communicator", "Root", "Sent", "Received"));
    }

    private String[] concat(String... first) {
        String[] all = new String[first.length + attributeFields.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(attributeFields, 0, all, first.length, attributeFields.length);
        return all;
    }

    private String groupType(int group) {
        GlobalDefs.LocationGroup g = defs.groups.get(group);
        String parent = g == null ? ROOT : nodeType(g.parent());
        int kind = g == null ? 1 : g.type();
        String key = parent + "/P" + kind;
        String alias = typeByKey.get(key);
        if (alias == null) {
            alias = type(key, "P", parent, kind == 2 ? "Accelerator" : "Process");
        }
        if (g != null) {
            groupType.put(group, alias);
        }
        return alias;
    }

    private String nodeType(int node) {
        String known = nodeType.get(node);
        if (known != null) {
            return known;
        }
        GlobalDefs.Node n = defs.nodes.get(node);
        if (n == null) {
            return ROOT;
        }
        nodeType.put(node, ROOT); // a cycle in the tree ends at the root
        String parent = nodeType(n.parent());
        String cls = n.className().isEmpty() ? "Node" : n.className();
        String key = parent + "/" + cls;
        String alias = typeByKey.get(key);
        if (alias == null) {
            alias = type(key, "N", parent, cls);
        }
        nodeType.put(node, alias);
        return alias;
    }

    private String type(String key, String prefix, String parent, String name) {
        String alias = prefix + typeByKey.size();
        typeByKey.put(key, alias);
        typeLines.add(new String[] {alias, parent, typeName(name, alias)});
        return alias;
    }

    private final Set<String> typeNames = new HashSet<>();

    /** Pajé names types uniquely too: a repeated name gets the alias appended. */
    private String typeName(String name, String alias) {
        return typeNames.add(name) ? name : name + " " + alias;
    }

    static String location(long id) {
        return "l" + Long.toUnsignedString(id);
    }

    int threadTypeOf(long location) {
        Integer k = threadType.get(location);
        return k == null ? 0 : k;
    }

    int threadTypeCount() {
        return threadTypes.size();
    }

    static String regionType(int k) {
        return "R" + k;
    }

    static String collectiveType(int k) {
        return "C" + k;
    }

    static String eventType(int k) {
        return "E" + k;
    }

    /** Point events at the ends of collectives, which the members of one operation share: for the collectives view. */
    static String collectiveEndType(int k) {
        return "K" + k;
    }

    static String linkType(int from, int to) {
        return "L" + from + "_" + to;
    }

    static String variableType(int k, int member) {
        return "V" + k + "_" + Integer.toUnsignedString(member);
    }

    static String region(int id) {
        return "r" + Integer.toUnsignedString(id);
    }

    /** The type hierarchy, region values and every container, created at time 0. */
    void write(PajeText out) {
        for (String[] t : typeLines) {
            out.containerType(t[0], t[1], t[2]);
        }
        for (int k = 0; k < threadTypes.size(); k++) {
            String tt = threadTypes.get(k);
            out.stateType(regionType(k), tt, typeName("Region", regionType(k)));
            out.stateType(collectiveType(k), tt, typeName("MPI collective", collectiveType(k)));
            out.eventType(eventType(k), tt, typeName("Event", eventType(k)));
            out.eventType(collectiveEndType(k), tt, typeName("MPI collective end", collectiveEndType(k)));
            for (GlobalDefs.MetricMember m : defs.members.values()) {
                String unit = m.unit().isEmpty() ? "" : " [" + m.unit() + "]";
                out.variableType(variableType(k, m.id()), tt, typeName(m.name() + unit, variableType(k, m.id())),
                        Colors.of(m.name()));
            }
            for (Map.Entry<Integer, String> r : defs.regions.entrySet()) {
                out.value(region(r.getKey()), regionType(k), r.getValue(), Colors.of(r.getValue()));
            }
        }
        for (int a = 0; a < threadTypes.size(); a++) {
            for (int b = 0; b < threadTypes.size(); b++) {
                out.linkType(linkType(a, b), ROOT, threadTypes.get(a), threadTypes.get(b),
                        typeName("MPI message", linkType(a, b)));
                out.value(MESSAGE, linkType(a, b), "point-to-point", null);
            }
        }
        Set<String> taken = new HashSet<>();
        Map<Integer, Boolean> created = new HashMap<>();
        for (GlobalDefs.Node n : defs.nodes.values()) {
            createNode(out, n.id(), created, taken, 0);
        }
        for (GlobalDefs.LocationGroup g : defs.groups.values()) {
            String parent = defs.nodes.containsKey(g.parent()) ? "n" + Integer.toUnsignedString(g.parent()) : ROOT;
            out.createContainer(0, "g" + Integer.toUnsignedString(g.id()), groupType.get(g.id()), parent,
                    unique(g.name(), "g" + Integer.toUnsignedString(g.id()), taken));
        }
        Map<String, Integer> repeated = new HashMap<>();
        for (GlobalDefs.Location l : defs.locations.values()) {
            repeated.merge(l.name(), 1, Integer::sum);
        }
        for (GlobalDefs.Location l : defs.locations.values()) {
            GlobalDefs.LocationGroup g = defs.groups.get(l.group());
            String parent = g != null ? "g" + Integer.toUnsignedString(l.group()) : ROOT;
            // threads named alike in every process ("Master thread") are told apart by their process
            String name = repeated.get(l.name()) > 1 && g != null ? l.name() + " (" + g.name() + ")" : l.name();
            out.createContainer(0, location(l.id()), threadTypes.get(threadTypeOf(l.id())), parent,
                    unique(name, location(l.id()), taken));
        }
    }

    private void createNode(PajeText out, int id, Map<Integer, Boolean> created, Set<String> taken, int depth) {
        GlobalDefs.Node n = defs.nodes.get(id);
        if (n == null || created.putIfAbsent(id, true) != null || depth > 10_000) {
            return;
        }
        createNode(out, n.parent(), created, taken, depth + 1);
        String parent = defs.nodes.containsKey(n.parent()) ? "n" + Integer.toUnsignedString(n.parent()) : ROOT;
        String alias = "n" + Integer.toUnsignedString(id);
        out.createContainer(0, alias, nodeType.get(id), parent, unique(n.name(), alias, taken));
    }

    /** Pajé names containers uniquely: a repeated name gets the container's alias appended. */
    private String unique(String name, String alias, Set<String> taken) {
        String n = name.isEmpty() ? alias : name;
        if (!taken.add(n)) {
            n = n + " (" + alias + ")";
            taken.add(n);
        }
        return n;
    }
}
