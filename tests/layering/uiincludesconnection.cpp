// Must not compile: ui reaches for the Redis connection (see tests/CMakeLists.txt).
#include "redisconnection.h"
int probe() { return int(sizeof(RedisConnection)); }
