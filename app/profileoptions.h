#pragma once

#include "connectionoptions.h"
#include "connectionprofile.h"

// The one place where what the user describes (a ConnectionProfile) meets how redisclient
// reaches one server (ConnectionOptions). App-internal: ui never sees the second.
class ProfileOptions final
{
public:
    static ConnectionOptions toOptions(const ConnectionProfile &profile, const QString &clientName);
    // The profile of a server LockScope started itself (sandbox, demo), from its options.
    static ConnectionProfile fromOptions(const ConnectionOptions &options);
};
