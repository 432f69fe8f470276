package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads one location's event file and writes its events as Pajé lines (as text or as values: {@link LocationOut}),
 * batch by batch, in the location's time order: Enter and Leave push and pop region states, MPI point-to-point records start and end links
 * (keyed by communicator, both locations, tag and order on that channel, so each side names the link alone),
 * MPI collectives become states, metrics set variables, other records are point events. Attributes become
 * user fields. Workers run decoders of different locations in parallel; one decoder is used by one thread
 * at a time.
 */
final class LocationDecoder implements Closeable {
    private final Otf2Archive archive;
    private final GlobalDefs defs;
    private final PajeLayout layout;
    private final GlobalDefs.Location location;
    private final String container;
    private final int k;
    private final String regionType;
    private final String eventType;
    /** Region values by id, made once: an Enter allocates nothing for its value. */
    private String[] regionValues = new String[64];
    private final LocationOut out;
    private Otf2Input in;
    private LocalDefs local;
    private ClockCorrection clock;
    private Batch batch;
    private boolean done;
    private long events;
    private long unknown;
    private int firstUnknown = -1;

    private long ticks;
    private long lastTicks;
    private double time;

    private int attributes;
    private final String[] attributeText;

    private boolean collectiveOpen;
    private int collectiveLine;
    private double collectiveTime;

    private static final int WINDOW = 1 << 16;

    /** A user field without a value. */
    static final String ABSENT = "-";
    private static final String[] NO_FIELDS = new String[0];

    private final Map<Channel, Counter> sent = new HashMap<>();
    private final Map<Channel, Counter> received = new HashMap<>();
    private final Map<Long, String> linkTypes = new HashMap<>();

    private record Channel(int comm, long peer, int tag) {
    }

    /** A channel's next link key (its messages so far counted in it) and its links' type. */
    private static final class Counter {
        final Channel channel;
        final LinkKey key;
        final String linkType;

        Counter(Channel channel, String prefix, String linkType) {
            this.channel = channel;
            this.key = new LinkKey(prefix);
            this.linkType = linkType;
        }

        boolean of(int comm, long peer, int tag) {
            return channel.comm == comm && channel.peer == peer && channel.tag == tag;
        }
    }

    /** The channels of the last message sent and received: a rank mostly talks to the same peers in a row. */
    private Counter lastSent;
    private Counter lastReceived;
    /** Variable types by metric member, made once: a metric allocates no type name. */
    private String[] variableTypes = new String[16];
    private final String collectiveType;
    private final String collectiveEndType;
    /** The last rank looked up and its location: a rank mostly talks to the same peers in a row. */
    private final int[] peerComm = {-1, -1};
    private final long[] peerRank = {-1, -1};
    private final long[] peerLocation = new long[2];
    /**
     * Decimal strings of the numbers of collectives (root, sizes) by value: they repeat, and the batch finds a
     * String's id by identity, a new String's only by a map lookup.
     */
    private final long[] decimalOf = new long[16];
    private final String[] decimals = new String[16];
    /** The last metric's members: a location mostly records the same metric. */
    private int lastMetric = -1;
    private int[] lastMembers;

    LocationDecoder(Otf2Archive archive, PajeLayout layout, LocationOut out, GlobalDefs.Location location) {
        this.archive = archive;
        this.defs = archive.defs();
        this.layout = layout;
        this.location = location;
        this.container = PajeLayout.location(location.id());
        this.k = layout.threadTypeOf(location.id());
        this.regionType = PajeLayout.regionType(k);
        this.eventType = PajeLayout.eventType(k);
        this.collectiveType = PajeLayout.collectiveType(k);
        this.collectiveEndType = PajeLayout.collectiveEndType(k);
        this.out = out;
        out.owner(container);
        this.attributeText = new String[layout.attributeIds.length];
    }

    boolean done() {
        return done;
    }

    long events() {
        return events;
    }

    long unknown() {
        return unknown;
    }

    int firstUnknown() {
        return firstUnknown;
    }

    String file() {
        return archive.events(location.id()).toString();
    }

    private void open() throws IOException, ImportException {
        if (in != null || done) {
            return;
        }
        local = LocalDefs.read(archive.localDefs(location.id()), archive.anchor());
        clock = local.clock().copy();
        Path evt = archive.events(location.id());
        if (location.events() == 0 && !java.nio.file.Files.exists(evt)) {
            done = true;
            return;
        }
        in = new Otf2Input(evt, archive.anchor().chunkSizeEvents(), WINDOW).strictEnd();
    }

    /**
     * The next batch of about {@code budget} bytes of Pajé lines (more while a collective is open);
     * {@code suspend}: close the file until the next batch.
     */
    Batch next(int budget, boolean suspend) throws IOException, ImportException {
        batch = out.start(budget + 1024);
        open();
        if (in != null) {
            in.resume(WINDOW);
        }
        while (!done && (batch.bytes() < budget || collectiveOpen)) {
            step();
        }
        batch.offset = in == null ? 0 : in.offset();
        out.end();
        if (done) {
            close();
        } else if (suspend) {
            in.suspend();
        }
        Batch b = batch;
        batch = null;
        return b;
    }

    /** Reads every event without writing anything: for counting. */
    void skipAll() throws IOException, ImportException {
        batch = out.start(1 << 16);
        open();
        while (!done) {
            step();
            if (batch.bytes() > 1 << 15) {
                batch = out.start(1 << 16);
                collectiveOpen = false;
            }
        }
        close();
    }

    private void step() throws IOException, ImportException {
        long at = in.offset();
        int type = in.recordType();
        switch (type) {
            case -1 -> {
                done = true;
                return;
            }
            case Otf2Input.TIMESTAMP -> {
                long raw = in.u64full();
                long t = clock.apply(raw);
                if (Long.compareUnsigned(t, lastTicks) < 0) {
                    throw in.fault(at, "timestamp " + Long.toUnsignedString(raw) + " is before the previous one ("
                            + Long.toUnsignedString(lastTicks) + "): a location's events must be in time order");
                }
                ticks = t;
                lastTicks = t;
                time = (double) (ticks - defs.globalOffset) / defs.timerResolution;
                return;
            }
            case Otf2Input.ATTRIBUTE_LIST -> {
                attributeList(at);
                return;
            }
            default -> {
            }
        }
        events++;
        if (EventRecords.singleton(type)) {
            singleton(type);
        } else {
            long end = in.recordEnd(at, "event record", type); // the message made only for a fault
            record(type, at, end);
            in.endRecord(end, "event", type);
        }
        attributes = 0;
    }

    private void singleton(int type) throws IOException, ImportException {
        switch (type) {
            case EventRecords.ENTER -> {
                int region = local.map32(LocalDefs.MAPPING_REGION, in.cu32());
                if (attributes > 0 && layout.pushWithAttributes != null) {
                    out.entity(layout.pushWithAttributes, time,
                            new String[] {regionType, container, regionValue(region)}, attributeFields());
                } else {
                    out.pushState(time, regionType, container, regionValue(region));
                }
            }
            case EventRecords.LEAVE -> {
                in.cu32();
                out.popState(time, regionType, container);
            }
            case EventRecords.MPI_ISEND_COMPLETE, EventRecords.MPI_IRECV_REQUEST, EventRecords.MPI_REQUEST_TEST,
                    EventRecords.MPI_REQUEST_CANCELLED -> in.cu64(); // part of the links already written
            case EventRecords.OMP_FORK -> event(EventRecords.name(type), "threads=" + Integer.toUnsignedString(in.cu32()));
            default -> event(EventRecords.name(type), "task=" + Long.toUnsignedString(in.cu64()));
        }
    }

    private void record(int type, long at, long end) throws IOException, ImportException {
        switch (type) {
            case EventRecords.MPI_SEND, EventRecords.MPI_ISEND -> {
                long rank = in.cu32() & 0xffffffffL;
                int comm = local.map32(LocalDefs.MAPPING_COMM, in.cu32());
                int tag = in.cu32();
                long size = in.cu64();
                long peer = peer(true, comm, rank);
                link(true, comm, rank, peer, tag, size);
            }
            case EventRecords.MPI_RECV, EventRecords.MPI_IRECV -> {
                long rank = in.cu32() & 0xffffffffL;
                int comm = local.map32(LocalDefs.MAPPING_COMM, in.cu32());
                int tag = in.cu32();
                long size = in.cu64();
                long peer = peer(false, comm, rank);
                link(false, comm, rank, peer, tag, size);
            }
            case EventRecords.MPI_COLLECTIVE_BEGIN -> {
                if (!collectiveOpen) {
                    collectiveOpen = true;
                    collectiveLine = batch.lines;
                    collectiveTime = time;
                }
            }
            case EventRecords.MPI_COLLECTIVE_END -> {
                int op = in.u8();
                int comm = local.map32(LocalDefs.MAPPING_COMM, in.cu32());
                int root = in.cu32();
                long sentBytes = in.cu64();
                long receivedBytes = in.cu64();
                GlobalDefs.Comm c = defs.comms.get(comm);
                String[] user = new String[4 + attributeText.length];
                Arrays.fill(user, ABSENT);
                user[0] = c == null || c.name().isEmpty() ? Integer.toUnsignedString(comm) : c.name();
                user[1] = root == -1 ? ABSENT : unsigned(root & 0xffffffffL);
                user[2] = unsigned(sentBytes);
                user[3] = unsigned(receivedBytes);
                double begin = collectiveOpen ? collectiveTime : time;
                out.entity(layout.collective, begin,
                        new String[] {collectiveType, container, EventRecords.collective(op)}, user);
                if (collectiveOpen) {
                    batch.moveLastTo(collectiveLine);
                }
                collectiveOpen = false;
                out.popState(time, collectiveType, container);
                out.event(time, collectiveEndType, container, EventRecords.collective(op));
            }
            case EventRecords.METRIC -> {
                int metric = local.map32(LocalDefs.MAPPING_METRIC, in.cu32());
                int n = in.u8();
                if (metric != lastMetric || lastMembers == null) {
                    lastMembers = defs.metrics.get(metric);
                    lastMetric = metric;
                }
                int[] members = lastMembers;
                for (int i = 0; i < n; i++) {
                    int valueType = in.u8();
                    long bits = in.cu64();
                    if (members == null || i >= members.length) {
                        continue;
                    }
                    double v = switch (valueType) {
                        case 10 -> Double.longBitsToDouble(bits);
                        case 4 -> bits >= 0 ? bits : (double) (bits >>> 1) * 2.0;
                        default -> bits;
                    };
                    out.setVariable(time, variableType(members[i]), container, v);
                }
            }
            case EventRecords.PARAMETER_STRING -> {
                String name = parameter(in.cu32());
                event(name, defs.string(local.map32(LocalDefs.MAPPING_STRING, in.cu32())));
            }
            case EventRecords.PARAMETER_INT -> {
                String name = parameter(in.cu32());
                event(name, Long.toString(in.ci64()));
            }
            case EventRecords.PARAMETER_UNSIGNED_INT -> {
                String name = parameter(in.cu32());
                event(name, Long.toUnsignedString(in.cu64()));
            }
            case EventRecords.MEASUREMENT_ON_OFF -> event(in.u8() == 1 ? "MeasurementOn" : "MeasurementOff", "");
            default -> {
                String name = EventRecords.name(type);
                if (name == null) {
                    // a record of a later OTF2 version: skipped (its length says how far), and counted
                    unknown++;
                    events--;
                    if (firstUnknown < 0) {
                        firstUnknown = type;
                    }
                    return;
                }
                event(name, "");
            }
        }
    }

    private String variableType(int member) {
        if (member < 0 || member >= 1 << 16) {
            return PajeLayout.variableType(k, member);
        }
        if (member >= variableTypes.length) {
            variableTypes = Arrays.copyOf(variableTypes, Math.max(member + 1, variableTypes.length * 2));
        }
        String v = variableTypes[member];
        if (v == null) {
            v = PajeLayout.variableType(k, member);
            variableTypes[member] = v;
        }
        return v;
    }

    /** The unsigned decimal {@code n}: the same String as last time for a number seen lately (see {@link #decimals}). */
    private String unsigned(long n) {
        if (n == 0) {
            return PajeLayout.ROOT; // "0" too, and every link names it: one String, not two taking turns in the cache
        }
        int slot = (int) (n ^ n >>> 32) * 0x9E3779B9 >>> 28;
        String s = decimals[slot];
        if (s == null || decimalOf[slot] != n) {
            s = Long.toUnsignedString(n);
            decimals[slot] = s;
            decimalOf[slot] = n;
        }
        return s;
    }

    private String regionValue(int region) {
        if (region < 0 || region >= 1 << 20) {
            return PajeLayout.region(region);
        }
        if (region >= regionValues.length) {
            regionValues = Arrays.copyOf(regionValues, Math.max(region + 1, regionValues.length * 2));
        }
        String v = regionValues[region];
        if (v == null) {
            v = PajeLayout.region(region);
            regionValues[region] = v;
        }
        return v;
    }

    private String parameter(int ref) {
        GlobalDefs.Parameter p = defs.parameters.get(local.map32(LocalDefs.MAPPING_PARAMETER, ref));
        return p == null ? "parameter " + Integer.toUnsignedString(ref) : p.name();
    }

    private void link(boolean send, int comm, long rank, long peer, int tag, long size) {
        if (peer == -1) {
            event(send ? "MpiSend" : "MpiRecv", (send ? "to" : "from") + " rank " + rank + " of communicator "
                    + Integer.toUnsignedString(comm) + " (not in the definitions), size " + size + ", tag " + tag);
            return;
        }
        long from = send ? location.id() : peer;
        long to = send ? peer : location.id();
        Counter count = send ? lastSent : lastReceived;
        if (count == null || !count.of(comm, peer, tag)) {
            count = (send ? sent : received).computeIfAbsent(new Channel(comm, peer, tag), c -> new Counter(c,
                    "c" + Integer.toUnsignedString(comm) + "_" + Long.toUnsignedString(from) + "_"
                            + Long.toUnsignedString(to) + "_" + Integer.toUnsignedString(tag) + "_",
                    linkType(layout.threadTypeOf(from), layout.threadTypeOf(to))));
            if (send) {
                lastSent = count;
            } else {
                lastReceived = count;
            }
        }
        out.link(send ? layout.startLink : layout.endLink, time, count.linkType, PajeLayout.ROOT, container,
                PajeLayout.MESSAGE, count.key, size, tag, attributeFields());
        count.key.advance();
    }

    /**
     * The link type between thread types {@code a} and {@code b}, one String for all channels: the batch finds a
     * name's id by the String's identity, and a send and a receive each with its own copy missed on every link.
     */
    private String linkType(int a, int b) {
        return linkTypes.computeIfAbsent((long) a << 32 | b & 0xffffffffL, k -> PajeLayout.linkType(a, b));
    }

    /**
     * The location of rank {@code rank} of communicator {@code comm}: the last one's again for the same pair, sends
     * and receives apart (a rank mostly sends to one neighbour and receives from another).
     */
    private long peer(boolean send, int comm, long rank) {
        int i = send ? 0 : 1;
        if (comm != peerComm[i] || rank != peerRank[i]) {
            peerComm[i] = comm;
            peerRank[i] = rank;
            peerLocation[i] = defs.rankLocation(comm, rank, location.id());
        }
        return peerLocation[i];
    }

    private void event(String value, String fields) {
        String[] user = new String[1 + attributeText.length];
        user[0] = fields.isEmpty() ? ABSENT : fields;
        System.arraycopy(attributeFields(), 0, user, 1, attributeText.length);
        out.entity(layout.eventShape, time, new String[] {eventType, container, value}, user);
    }

    /**
     * The user fields of the pending attribute list, {@link #ABSENT} for attributes the event does not carry
     * (PajeNG's reader rejects an empty quoted field).
     */
    private String[] attributeFields() {
        if (attributeText.length == 0) {
            return NO_FIELDS;
        }
        String[] out = new String[attributeText.length];
        for (int i = 0; i < out.length; i++) {
            String v = attributes > 0 ? attributeText[i] : null;
            out[i] = v == null || v.isEmpty() ? ABSENT : v;
        }
        return out;
    }

    private void attributeList(long at) throws IOException, ImportException {
        long end = in.recordEnd(at, "attribute list");
        Arrays.fill(attributeText, null);
        attributes = 0;
        long n = in.cu32() & 0xffffffffL;
        for (long i = 0; i < n && in.offset() < end; i++) {
            int id = local.map32(LocalDefs.MAPPING_ATTRIBUTE, in.cu32());
            int type = in.u8();
            String value = attributeValue(type);
            if (value == null) {
                break; // a type of a later version: its size is unknown, the rest of the list is skipped
            }
            int field = field(id);
            if (field >= 0) {
                attributeText[field] = value;
                attributes++;
            }
        }
        in.endRecord(end, "attribute list");
    }

    private int field(int id) {
        int[] ids = layout.attributeIds;
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    private String attributeValue(int type) throws IOException, ImportException {
        return switch (type) {
            case 1 -> Integer.toString(in.u8());
            case 2 -> Integer.toString(in.u16());
            case 3 -> Integer.toUnsignedString(in.cu32());
            case 4 -> Long.toUnsignedString(in.cu64());
            case 5 -> Integer.toString((byte) in.u8());
            case 6 -> Integer.toString((short) in.u16());
            case 7 -> Integer.toString(in.ci32());
            case 8 -> Long.toString(in.ci64());
            case 9 -> Float.toString(in.f32());
            case 10 -> Double.toString(in.f64());
            case 11 -> defs.string(local.map32(LocalDefs.MAPPING_STRING, in.cu32()));
            case 13 -> {
                long l = local.map(LocalDefs.MAPPING_LOCATION, in.cu64());
                GlobalDefs.Location loc = defs.locations.get(l);
                yield loc == null ? Long.toUnsignedString(l) : loc.name();
            }
            case 14 -> {
                int r = local.map32(LocalDefs.MAPPING_REGION, in.cu32());
                String name = defs.regions.get(r);
                yield name == null ? Integer.toUnsignedString(r) : name;
            }
            case 12, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25 -> Integer.toUnsignedString(in.cu32());
            default -> null;
        };
    }

    @Override
    public void close() throws IOException {
        if (in != null) {
            in.close();
            in = null;
        }
    }
}
