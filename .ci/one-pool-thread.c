// Built and preloaded by .ci/one-pool-thread (Linux). Reports one processor to whoever asks
// sysconf: Swift's runtime sizes its cooperative pool from it, so the pool has a single thread and
// any task that blocks that thread (file I/O, a semaphore, a subprocess wait) stalls every other
// task in the process. A suite that passes so holds no pool thread while it waits.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

long sysconf(int name) {
  static long (*real_sysconf)(int);
  if (name == _SC_NPROCESSORS_CONF || name == _SC_NPROCESSORS_ONLN) return 1;
  if (!real_sysconf) real_sysconf = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
  return real_sysconf(name);
}
