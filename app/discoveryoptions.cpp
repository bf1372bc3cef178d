#include "discoveryoptions.h"

QList<KeyPattern> DiscoveryOptions::defaultPatterns()
{
    return {
        KeyPattern("*lock*", Qt::CaseInsensitive), // lock:x, x:lock, orderLock, job-lock:, redlock:, redisson_lock…
        KeyPattern("mutex:*"),                     // redis-semaphore Mutex
        KeyPattern("semaphore:*"),                 // redis-semaphore Semaphore
        KeyPattern("qo_*"),                        // celery-once
        KeyPattern("uniquejobs:*"),                // sidekiq-unique-jobs
    };
}
