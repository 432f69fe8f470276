#!/usr/bin/python3
"""Writes a large OTF2 archive for the OTF2 reader's benchmark (Debian's OTF2 Python bindings).

Ranks of one thread each around a ring: nested regions, a blocking message to the right neighbour per
iteration, a metric every iteration, an Allreduce every 16. The bulk goes through the bindings' low-level
calls (the high-level writer allocates an object per event and is ~10x slower). Prints the event count.

usage: /usr/bin/python3 write_big_archive.py DIR --size-mb 1024 [--ranks 16] [--resolution 1000000000]
"""
import argparse
import os

import _otf2
import otf2
from otf2.enums import Type, GroupType, Paradigm, LocationType, LocationGroupType, CollectiveOp

p = argparse.ArgumentParser()
p.add_argument('dir')
p.add_argument('--size-mb', type=float, required=True)
p.add_argument('--ranks', type=int, default=16)
p.add_argument('--resolution', type=int, default=1000000000)
a = p.parse_args()

# about 12 bytes per event; 13 events per iteration and rank (plus a collective every 16)
iterations = int(a.size_mb * 1e6 / 12.5 / 13 / a.ranks) + 1
with otf2.writer.open(a.dir, timer_resolution=a.resolution) as trace:
    d = trace.definitions
    machine = d.system_tree_node("cluster", class_name="machine")
    nodes = [d.system_tree_node("node%d" % i, class_name="node", parent=machine) for i in range(4)]
    locs = []
    for r in range(a.ranks):
        g = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                             system_tree_parent=nodes[r % 4])
        locs.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
    regions = [d.region(n)._ref for n in ("main", "solve", "compute", "kernel", "MPI_Send", "MPI_Recv", "MPI_Allreduce")]
    main, solve, compute, kernel, send, recv, allreduce = regions
    d.group("world locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI, members=locs)
    wg = d.group("world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=list(range(a.ranks)))
    world = d.comm("MPI_COMM_WORLD", group=wg)._ref
    flops = d.metric("flops", unit="FLOP", value_type=Type.UINT64)
    flops_ref = flops._ref
    step = a.resolution // 100000  # 10 us
    total = 0
    end = 0
    for r, loc in enumerate(locs):
        w = trace.event_writer_from_location(loc).handle
        Enter, Leave = _otf2.EvtWriter_Enter, _otf2.EvtWriter_Leave
        Send, Recv = _otf2.EvtWriter_MpiSend, _otf2.EvtWriter_MpiRecv
        Metric = _otf2.EvtWriter_Metric
        types = (_otf2.Type * 1)(_otf2.TYPE_UINT64)
        value = (_otf2.MetricValue * 1)()
        t = 1000 + r
        Enter(w, None, t, main)
        n = 1
        for i in range(iterations):
            Enter(w, None, t + 1, solve)
            Enter(w, None, t + 2, compute)
            Enter(w, None, t + 3, kernel)
            Leave(w, None, t + 5 * step, kernel)
            value[0].unsigned_int = i * 1000 + r
            Metric(w, None, t + 5 * step, flops_ref, types, value)
            Leave(w, None, t + 6 * step, compute)
            Enter(w, None, t + 6 * step + 1, send)
            Send(w, None, t + 6 * step + 2, (r + 1) % a.ranks, world, 1, 4096)
            Leave(w, None, t + 6 * step + 3, send)
            Enter(w, None, t + 7 * step, recv)
            Recv(w, None, t + 8 * step, (r - 1) % a.ranks, world, 1, 4096)
            Leave(w, None, t + 8 * step + 1, recv)
            n += 12
            if i % 16 == 15:
                Enter(w, None, t + 8 * step + 2, allreduce)
                _otf2.EvtWriter_MpiCollectiveBegin(w, None, t + 8 * step + 3)
                _otf2.EvtWriter_MpiCollectiveEnd(w, None, t + 9 * step, CollectiveOp.ALLREDUCE, world, 0, 8, 8)
                Leave(w, None, t + 9 * step + 1, allreduce)
                n += 4
            Leave(w, None, t + 10 * step - 1, solve)
            n += 1
            t += 10 * step
        Leave(w, None, t, main)
        n += 1
        loc._number_of_events_written = n
        trace._update_timestamps(1000)
        trace._update_timestamps(t)
        total += n
print(total)
