#include "discoveryoptions.h"

QList<KeyPattern> DiscoveryOptions::defaultPatterns()
{
    return {
        KeyPattern("*lock*", Qt::CaseInsensitive), // lock:x, x:lock, orderLock, job-lock:, redlock:, redisson_lock…
        KeyPattern("mutex:*"),                     // redis-semaphore Mutex
        KeyPattern("*semaphore*", Qt::CaseInsensitive), // redis-semaphore, Redisson semaphores
        KeyPattern("qo_*"),                        // celery-once
        KeyPattern("uniquejobs:*"),                // sidekiq-unique-jobs
        KeyPattern("*laravel_unique_job:*"),       // Laravel's framework locks, under its cache prefix
        KeyPattern("*laravel-queue-overlap:*"),
        KeyPattern("*framework/schedule-*"),
    };
}
