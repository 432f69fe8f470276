package dev.paje.causal;

import java.util.HashMap;
import java.util.Map;

/**
 * Container names and aliases as the simulator binds them, replayed over the trace text: the
 * n-th container created is container id n (the root, "0" or "/", is 0); a later name takes over
 * an earlier one, never an alias nor the root's name; an alias always binds.
 */
final class ContainerNames {
    private final Map<String, Integer> binding = new HashMap<>(); // id * 2 + (alias ? 1 : 0)
    private int next = 1;

    ContainerNames() {
        binding.put("0", 0);
        binding.put("/", 1);
    }

    /** Records the creation of the next container and returns its id. */
    int create(String name, String alias) {
        int id = next++;
        Integer bound = binding.get(name);
        if (bound == null || ((bound & 1) == 0 && bound != 0)) {
            binding.put(name, id * 2);
        }
        if (alias != null) {
            binding.put(alias, id * 2 + 1);
        }
        return id;
    }

    /** The id of the container named or aliased {@code name}, or -1. */
    int find(String name) {
        Integer b = binding.get(name);
        return b == null ? -1 : b >>> 1;
    }
}
