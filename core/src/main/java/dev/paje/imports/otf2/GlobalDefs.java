package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The global definitions ({@code NAME.def}) the mapping needs: strings, the system tree, location groups,
 * locations, regions, groups and communicators, metrics, attributes, parameters and the clock. Fields
 * a later OTF2 version added to a record are read when the record is long enough to hold them.
 */
final class GlobalDefs {
    record Node(int id, String name, String className, int parent) {
    }

    record LocationGroup(int id, String name, int type, int parent) {
    }

    record Location(long id, String name, int type, long events, int group) {
    }

    record Group(int id, int type, long[] members) {
    }

    record Comm(int id, String name, int group) {
    }

    record MetricMember(int id, String name, String unit, int valueType) {
    }

    record Attribute(int id, String name, int type) {
    }

    record Parameter(int id, String name) {
    }

    // group types of OTF2 1.2 and later
    static final int GROUP_COMM_LOCATIONS = 4;
    static final int GROUP_COMM_GROUP = 5;
    static final int GROUP_COMM_SELF = 6;

    long timerResolution = 1;
    long globalOffset;
    long traceLength;
    final Map<Integer, String> strings = new HashMap<>();
    final Map<Integer, Node> nodes = new LinkedHashMap<>();
    final Map<Integer, LocationGroup> groups = new LinkedHashMap<>();
    final Map<Long, Location> locations = new LinkedHashMap<>();
    final Map<Integer, String> regions = new HashMap<>();
    final Map<Integer, Group> groupDefs = new HashMap<>();
    final Map<Integer, Comm> comms = new HashMap<>();
    final Map<Integer, MetricMember> members = new LinkedHashMap<>();
    /** Metric classes and instances share one id space: each maps to its class's members. */
    final Map<Integer, int[]> metrics = new HashMap<>();
    final Map<Integer, Attribute> attributes = new LinkedHashMap<>();
    final Map<Integer, Parameter> parameters = new HashMap<>();
    boolean clock;

    String string(int ref) {
        if (ref == -1) {
            return "";
        }
        String s = strings.get(ref);
        return s == null ? "<string " + Integer.toUnsignedString(ref) + ">" : s;
    }

    static GlobalDefs read(Path file, Anchor anchor) throws IOException, ImportException {
        GlobalDefs d = new GlobalDefs();
        try (Otf2Input in = new Otf2Input(file, anchor.chunkSizeDefs(), 1 << 16)) {
            in.definitions((type, at, end) -> d.record(type, in, end));
        }
        d.resolve();
        return d;
    }

    /** Reads one record of {@code type} whose data ends at {@code end}; unknown types are skipped. */
    private void record(int type, Otf2Input in, long end) throws IOException, ImportException {
        switch (type) {
            case 5 -> { // ClockProperties
                timerResolution = in.cu64();
                globalOffset = in.cu64();
                traceLength = in.cu64();
                clock = true;
                if (timerResolution == 0) {
                    throw in.fault(in.offset(), "the clock's timer resolution is 0 ticks per second");
                }
            }
            case 10 -> { // String
                int self = in.cu32();
                strings.put(self, in.string());
            }
            case 11 -> { // Attribute: description came in 1.4, after the type
                int self = in.cu32();
                int name = in.cu32();
                int t = in.u8();
                attributes.put(self, new Attribute(self, string(name), t));
            }
            case 12 -> { // SystemTreeNode
                int self = in.cu32();
                int name = in.cu32();
                int cls = in.cu32();
                int parent = in.cu32();
                nodes.put(self, new Node(self, string(name), string(cls), parent));
            }
            case 13 -> { // LocationGroup
                int self = in.cu32();
                int name = in.cu32();
                int t = in.u8();
                int parent = in.cu32();
                groups.put(self, new LocationGroup(self, string(name), t, parent));
            }
            case 14 -> { // Location
                long self = in.cu64();
                int name = in.cu32();
                int t = in.u8();
                long events = in.cu64();
                int group = in.cu32();
                locations.put(self, new Location(self, string(name), t, events, group));
            }
            case 15 -> { // Region: name first; canonical name, role, paradigm, flags after the 1.0 fields
                int self = in.cu32();
                int name = in.cu32();
                regions.put(self, string(name));
            }
            case 18 -> { // Group: the 1.0 type, the members, then (1.2) the new type, paradigm, flags
                int self = in.cu32();
                in.cu32(); // name
                int pre12 = in.u8();
                long n = in.cu32() & 0xffffffffL;
                if (n > (end - in.offset())) {
                    throw in.fault(in.offset(), "group " + self + " announces " + n + " members, more than its record holds");
                }
                long[] m = new long[(int) n];
                for (int i = 0; i < n; i++) {
                    m[i] = in.cu64();
                }
                int t = in.offset() < end ? in.u8() : pre12Type(pre12);
                groupDefs.put(self, new Group(self, t, m));
            }
            case 19 -> { // MetricMember
                int self = in.cu32();
                int name = in.cu32();
                in.cu32(); // description
                in.u8(); // metric type
                in.u8(); // mode
                int valueType = in.u8();
                in.u8(); // base
                in.ci64(); // exponent
                int unit = in.cu32();
                members.put(self, new MetricMember(self, string(name), string(unit), valueType));
            }
            case 20 -> { // MetricClass
                int self = in.cu32();
                int n = in.u8();
                int[] m = new int[n];
                for (int i = 0; i < n; i++) {
                    m[i] = in.cu32();
                }
                metrics.put(self, m);
            }
            case 21 -> { // MetricInstance: its class's members
                int self = in.cu32();
                int cls = in.cu32();
                int[] m = metrics.get(cls);
                metrics.put(self, m == null ? new int[0] : m);
            }
            case 22 -> { // Comm
                int self = in.cu32();
                int name = in.cu32();
                int group = in.cu32();
                comms.put(self, new Comm(self, string(name), group));
            }
            case 23 -> { // Parameter
                int self = in.cu32();
                int name = in.cu32();
                parameters.put(self, new Parameter(self, string(name)));
            }
            default -> {
                // other definitions (paradigms, callpaths, topologies, I/O files...) do not change the mapping
            }
        }
    }

    /** The group types of OTF2 1.0 and 1.1 as those of 1.2. */
    private static int pre12Type(int t) {
        return switch (t) {
            case 1 -> 1; // locations
            case 2 -> 2; // regions
            case 3 -> 3; // metric
            case 4 -> GROUP_COMM_GROUP; // MPI group
            case 5 -> GROUP_COMM_SELF; // MPI_COMM_SELF
            case 6 -> GROUP_COMM_LOCATIONS; // MPI locations
            default -> 0;
        };
    }

    /** The location of rank {@code rank} of communicator {@code comm}, or -1 when the definitions do not say. */
    long rankLocation(int comm, long rank, long self) {
        Comm c = comms.get(comm);
        if (c == null) {
            return -1;
        }
        Group g = groupDefs.get(c.group());
        if (g == null) {
            return -1;
        }
        if (g.type() == GROUP_COMM_SELF) {
            return self;
        }
        long worldRank = rank;
        if (g.type() == GROUP_COMM_GROUP) {
            if (rank < 0 || rank >= g.members().length) {
                return -1;
            }
            worldRank = g.members()[(int) rank];
        }
        Group world = commLocations;
        if (world == null || worldRank < 0 || worldRank >= world.members().length) {
            return -1;
        }
        return world.members()[(int) worldRank];
    }

    /** The COMM_LOCATIONS group (ranks to locations), found once the definitions are read. */
    private Group commLocations;

    void resolve() {
        for (Group g : groupDefs.values()) {
            if (g.type() == GROUP_COMM_LOCATIONS && (commLocations == null || g.members().length > commLocations.members().length)) {
                commLocations = g;
            }
        }
    }
}
