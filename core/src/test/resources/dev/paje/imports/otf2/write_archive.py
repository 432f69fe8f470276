#!/usr/bin/python3
"""Writes a small OTF2 archive with Debian's OTF2 Python bindings, for the OTF2 importer's tests and benchmark.

MPI-like ranks (location groups) on two nodes, each with a master thread and worker threads; nested
regions, point-to-point messages (blocking and non-blocking) around a ring, an Allreduce, metrics,
attributes and parameters. Deterministic for a given seed.

usage: /usr/bin/python3 write_archive.py DIR [--ranks 4] [--threads 2] [--iterations 5]
           [--resolution 1000000000] [--offset 1000] [--seed 1]
"""
import argparse
import random

import otf2
from otf2.enums import Type, GroupType, Paradigm, LocationType, LocationGroupType, CollectiveOp, MetricMode, \
    MetricValueProperty, RecorderKind, ParameterType

p = argparse.ArgumentParser()
p.add_argument('dir')
p.add_argument('--ranks', type=int, default=4)
p.add_argument('--threads', type=int, default=2)
p.add_argument('--iterations', type=int, default=5)
p.add_argument('--resolution', type=int, default=1000000000)
p.add_argument('--offset', type=int, default=1000)
p.add_argument('--seed', type=int, default=1)
p.add_argument('--extra-leaves', type=int, default=0)
a = p.parse_args()
rnd = random.Random(a.seed)
tick = a.resolution // 1000  # one millisecond
us = a.resolution // 1000000  # one microsecond: times in seconds do not depend on the resolution

with otf2.writer.open(a.dir, timer_resolution=a.resolution) as trace:
    d = trace.definitions
    machine = d.system_tree_node("cluster", class_name="machine")
    nodes = [d.system_tree_node("node%d" % i, class_name="node", parent=machine) for i in range(2)]
    groups, masters, workers = [], [], []
    for r in range(a.ranks):
        g = d.location_group("MPI Rank %d" % r, location_group_type=LocationGroupType.PROCESS,
                             system_tree_parent=nodes[r % 2])
        groups.append(g)
        masters.append(d.location("Master thread", type=LocationType.CPU_THREAD, group=g))
        workers.append([d.location("Worker thread %d" % t, type=LocationType.CPU_THREAD, group=g)
                        for t in range(1, a.threads)])
    main = d.region("main")
    compute = d.region("compute")
    inner = d.region("inner loop")
    send, recv = d.region("MPI_Send"), d.region("MPI_Recv")
    isend, wait = d.region("MPI_Isend"), d.region("MPI_Wait")
    allreduce = d.region("MPI_Allreduce")
    task = d.region("worker task")
    iteration = d.attribute("iteration", "the iteration number", Type.UINT32)
    phase = d.attribute("phase", "what the code does", Type.STRING)
    world_locs = d.group("MPI_COMM_WORLD locations", group_type=GroupType.COMM_LOCATIONS,
                         paradigm=Paradigm.MPI, members=masters)
    world_group = d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                          members=list(range(a.ranks)))
    world = d.comm("MPI_COMM_WORLD", group=world_group)
    flops = d.metric("flops", unit="FLOP")
    temperature = d.metric("temperature", unit="C", value_type=Type.DOUBLE)
    size_param = d.parameter("block size", parameter_type=ParameterType.INT64)
    name_param = d.parameter("kernel")

    base = a.offset
    ws = [trace.event_writer_from_location(m) for m in masters]
    for r, w in enumerate(ws):
        w.enter(base, main)
    for it in range(a.iterations):
        t0 = base + (it * 10 + 1) * tick
        for r, w in enumerate(ws):
            t = t0 + rnd.randrange(250) * us
            w.enter(t, compute, attributes={iteration: it, phase: "compute"})
            w.enter(t + tick // 2, inner)
            w.leave(t + tick, inner)
            w.metric(t + tick, flops, 1000 * (it + 1) + r)
            w.metric(t + tick, temperature, 40.5 + r + it / 4)
            w.parameter_int(t + tick, size_param, 64 << (it % 3))
            w.leave(t + 2 * tick, compute)
        t1 = t0 + 3 * tick
        for r, w in enumerate(ws):  # a ring: blocking send to the right, then receive from the left
            w.enter(t1, send)
            w.mpi_send(t1 + 1 * us, (r + 1) % a.ranks, world, 42 + it % 2, 1024 * (r + 1))
            w.leave(t1 + tick // 4, send)
        for r, w in enumerate(ws):
            w.enter(t1 + tick // 2, recv)
            w.mpi_recv(t1 + tick, (r - 1) % a.ranks, world, 42 + it % 2, 1024 * ((r - 1) % a.ranks + 1))
            w.leave(t1 + tick + us, recv)
        t2 = t0 + 5 * tick
        for r, w in enumerate(ws):  # non-blocking: to the left, received from the right
            w.enter(t2, isend)
            w.mpi_isend(t2 + 1 * us, (r - 1) % a.ranks, world, 7, 8, 100 + it)
            w.leave(t2 + 2 * us, isend)
            w.mpi_irecv_request(t2 + 3 * us, 200 + it)
        for r, w in enumerate(ws):
            w.enter(t2 + tick, wait)
            w.mpi_isend_complete(t2 + tick + us, 100 + it)
            w.mpi_irecv(t2 + tick + 2 * us, (r + 1) % a.ranks, world, 7, 8, 200 + it)
            w.leave(t2 + tick + 3 * us, wait)
        t3 = t0 + 7 * tick
        for r, w in enumerate(ws):
            w.enter(t3 + r * us, allreduce)
            w.mpi_collective_begin(t3 + (r + 1) * us)
            w.mpi_collective_end(t3 + 2 * tick, CollectiveOp.ALLREDUCE, world, 0, 8, 8)
            w.leave(t3 + 2 * tick + us, allreduce)
    end = base + (a.iterations * 10 + 1) * tick
    for r, w in enumerate(ws):
        w.leave(end, main)
    for k in range(a.extra_leaves):  # leaves of nothing: a problem in every rank, the last rank's first
        for r, w in enumerate(ws):
            w.leave(end + (k * a.ranks + a.ranks - r) * us, main)
    for r in range(a.ranks):
        for t, loc in enumerate(workers[r]):
            w = trace.event_writer_from_location(loc)
            for it in range(a.iterations):
                t0 = base + (it * 10 + 1) * tick + (t + 1) * 3 * us
                w.enter(t0, task, attributes={phase: "work %d" % it})
                w.parameter_string(t0 + 1 * us, name_param, "kernel-%d" % (it % 2))
                w.leave(t0 + tick, task)
