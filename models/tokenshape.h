#pragma once

#include <QByteArray>
#include <QString>

// Recognises the token formats lock libraries generate. Tokens are bytes; these checks never
// assume UTF-8.
class TokenShape final
{
public:
    // Canonical 8-4-4-4-12 hex UUID, any version, either case.
    static bool isUuid(QByteArrayView text);
    // Version nibble of a canonical UUID, or -1.
    static int uuidVersion(QByteArrayView text);
    static bool isDecimal(QByteArrayView text);
    // "<uuid>:<decimal thread id>", the Redisson holder name; returns the two parts.
    static bool splitUuidThread(QByteArrayView text, QByteArray *uuid, QByteArray *thread);
};
