#pragma once

#include "connectionoptions.h"

#include <QSslConfiguration>
#include <QString>

#include <optional>

// The TLS material a connection names by path (CA file or directory, client certificate
// and its key), read and checked once, before any connection is attempted: a file that is
// missing, unreadable, not PEM, holds the wrong kind of thing, or a key that is encrypted or
// does not belong to the certificate, is one error that names the file and what is wrong.
// Qt would otherwise drop such a file silently and the handshake would fail later, or not
// at all, for another reason.
class TlsFiles final
{
public:
    // The socket configuration for options (system CAs unless a CA file or directory is
    // given); nothing, with *error set, when a file cannot be used.
    static std::optional<QSslConfiguration> configuration(const ConnectionOptions &options, QString *error);
};
