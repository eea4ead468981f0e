// The CPUs the calling process may run on: what the compositor sizes its threads by.
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>
#include "lamina_kernels.h"

int lamina_usable_cpus(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
    // A mask wider than cpu_set_t (over 1024 CPUs) or no answer: the CPUs online.
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}
