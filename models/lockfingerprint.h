#pragma once

#include "keysample.h"
#include "lockinfo.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// What an admin action is guarded on: a lock exactly as the operator saw it. The Lua guard
// (resources/lua/guard/fingerprint.lua) reads the key again inside the script and refuses
// when it is not this any more, so nothing the operator did not see is ever touched.
//
// It is the raw content, not a summary: a string's whole value; every field and value of a
// hash (a Redisson holder with its hold count, a read-write lock's mode); every member of a
// set or sorted set (a semaphore's permits). Sorted-set scores and TTLs are left out on
// purpose: they are deadlines that a holder's own renewal moves (the watchdog, a semaphore
// refresh), and a renewal is not a change of who holds the lock.
//
// Two scopes. Whole: the key must hold exactly these entries (force-release as observed,
// extend). Holder: one holder's entry, and the facts about the lock beside it (the mode),
// must still be as seen; other holders may come and go, because the action touches only that
// holder (releasing one reader or one permit).
//
// Only a complete observation makes a fingerprint: if discovery read part of the key (too
// many members, a value cut at the byte cap), a guard on that part could pass while the rest
// changed, so there is none, and reason() says why.
class LockFingerprint final
{
public:
    enum class Scope { Whole, Holder };

    struct Entry
    {
        QByteArray name;  // hash field, set or zset member; empty for a string
        QByteArray value; // hash value or the string's value; empty for members
        bool operator==(const Entry &other) const = default;
    };

    struct Holder
    {
        QByteArray token;
        qint64 count = 1;
        QString role; // "read", "write", "permit" or empty
    };

    LockFingerprint() = default;

    // The key must not exist (acquire).
    static LockFingerprint absent(const QByteArray &key);
    static LockFingerprint whole(const LockInfo &lock);
    // Holder scope for token; invalid when token is not one of the lock's holders.
    static LockFingerprint holder(const LockInfo &lock, const QByteArray &token);
    // What a guard found instead, as its refusal reported it (possibly only part of it), to
    // say what changed. Never invalid.
    static LockFingerprint found(const LockInfo &now);

    bool isValid() const { return m_valid; }
    // Why there is no fingerprint, when invalid.
    const QString &reason() const { return m_reason; }
    const QByteArray &key() const { return m_key; }
    RedisType type() const { return m_type; }
    // Bytes of a string, entries of a collection.
    qint64 size() const { return m_size; }
    Scope scope() const { return m_scope; }
    const QList<Entry> &entries() const { return m_entries; }
    const QList<Holder> &holders() const { return m_holders; }

    // The canonical form the Lua guard parses (ARGV[1] of every guarded script):
    //   "lsfp1:<type>:<whole|holder>:<n>;" then n entries "<length>:<name><length>:<value>"
    // with <type> as Redis's TYPE names it and the entries sorted by name (bytewise), so one
    // observation always gives the same bytes.
    QByteArray serialise() const;
    // For people: "2 holders: <a>:1 ×1 (read), <b>:1 ×1 (read); mode read".
    QString text() const;
    // What is different in now, in words ("a reader <c>:7 joined", "<a>:1 re-acquired: hold
    // count 1 → 2", "mode read → write", "it changed hands: the token is now \"x\""), each
    // about the key without naming it. Only what this scope covers; never empty.
    QStringList changesTo(const LockFingerprint &now) const;

private:
    static LockFingerprint of(const LockInfo &lock);
    const Holder *findHolder(const QByteArray &token) const;

    bool m_valid = false;
    QString m_reason = QStringLiteral("nothing was observed");
    QByteArray m_key;
    RedisType m_type = RedisType::None;
    Scope m_scope = Scope::Whole;
    QList<Entry> m_entries;
    QList<Holder> m_holders;
    qint64 m_size = 0;     // entries the key has (a found state may report only some)
    bool m_partial = false; // a found state whose entries are not all of it
};
