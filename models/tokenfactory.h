#pragma once

#include <QByteArray>

// Fresh tokens in the formats lock libraries generate, so a lock LockScope acquires is one the
// library itself would have written (and then sees as held by someone else).
class TokenFactory final
{
public:
    static QByteArray uuid4();
    // Python's uuid.uuid1().hex without a MAC: 60-bit time, random clock sequence, and a random
    // node with the multicast bit set (what Python does when it finds no hardware address).
    static QByteArray uuid1Hex();
    static QByteArray hex(int bytes);
    static QByteArray base64(int bytes);         // standard alphabet, '=' padded
    static QByteArray base64Url(int bytes);      // URL alphabet, unpadded
    static QByteArray base64Unpadded(int bytes); // standard alphabet, no '='
    static QByteArray alphanumeric(int length);
};
