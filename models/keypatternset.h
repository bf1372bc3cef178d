#pragma once

#include "keypattern.h"

#include <QList>

#include <array>

// Many globs matched against one key at once. Discovery runs every key of the keyspace
// through the lock patterns, and most of them ("*lock*", "*semaphore*", ...) look for text
// anywhere in the key: those are found in one pass over the key, not one pass each.
class KeyPatternSet final
{
public:
    KeyPatternSet() = default;
    explicit KeyPatternSet(const QList<KeyPattern> &patterns);

    // True when any of the patterns matches.
    bool matches(const QByteArray &key) const;

private:
    struct Infix
    {
        QByteArray text; // lowercased when folded
        bool folded = false;
    };
    bool infixAt(const Infix &infix, const char *at) const;

    QList<KeyPattern> m_others; // matched one by one: prefixes, literals, general globs
    QList<Infix> m_infixes;
    std::array<quint32, 256> m_startsWith{}; // byte → the infixes (bits) that can begin with it
};
