// Must not compile: redisclient knows about locks.
#include "lockinfo.h"
int probe() { return int(sizeof(LockInfo)); }
