#include "tokenshape.h"

namespace {
bool isHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
} // namespace

bool TokenShape::isUuid(QByteArrayView t)
{
    if (t.size() != 36)
        return false;
    for (qsizetype i = 0; i < 36; ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? t[i] != '-' : !isHex(t[i]))
            return false;
    }
    return true;
}

int TokenShape::uuidVersion(QByteArrayView t)
{
    if (!isUuid(t))
        return -1;
    const char v = t[14];
    return v >= '0' && v <= '9' ? v - '0' : (v | 0x20) - 'a' + 10;
}

bool TokenShape::isDecimal(QByteArrayView t)
{
    if (t.isEmpty() || t.size() > 19)
        return false;
    for (char c : t)
        if (c < '0' || c > '9')
            return false;
    return true;
}

bool TokenShape::splitUuidThread(QByteArrayView t, QByteArray *uuid, QByteArray *thread)
{
    if (t.size() < 38 || t[36] != ':' || !isUuid(t.first(36)) || !isDecimal(t.sliced(37)))
        return false;
    if (uuid)
        *uuid = t.first(36).toByteArray();
    if (thread)
        *thread = t.sliced(37).toByteArray();
    return true;
}
