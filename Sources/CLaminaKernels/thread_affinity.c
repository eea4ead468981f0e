// The CPUs the calling thread may run on, read and set: how lamina-bench's scaling suite runs
// frames on one core and then the other inside one process (what `taskset` does to a process).
#define _GNU_SOURCE
#include <sched.h>
#include "lamina_kernels.h"

int lamina_thread_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

int lamina_pin_thread(const int *cpus, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int i = 0; i < count; i++) {
        if (cpus[i] >= 0 && cpus[i] < CPU_SETSIZE) CPU_SET(cpus[i], &set);
    }
    if (CPU_COUNT(&set) == 0) return -1;
    return sched_setaffinity(0, sizeof set, &set);
}
