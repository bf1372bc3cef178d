#pragma once

#include "connectionoptions.h"
#include "connectionprofile.h"
#include "sshoptions.h"

// The one place where what the user describes (a ConnectionProfile) meets how redisclient
// reaches one server (ConnectionOptions). App-internal: ui never sees the second.
class ProfileOptions final
{
public:
    // The server the profile names, as host and port: where a Unix socket or a tunnel takes
    // a connection is the session's transport's business (SessionTransport).
    static ConnectionOptions toOptions(const ConnectionProfile &profile, const QString &clientName);
    // The bastion of the profile's SSH tunnel, its secrets included.
    static SshOptions sshOptions(const ConnectionProfile &profile);
    // The profile of a server LockScope started itself (sandbox, demo), from its options.
    static ConnectionProfile fromOptions(const ConnectionOptions &options);
};
