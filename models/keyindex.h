#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>

// Keys numbered in the order they were first added: a set for discovery's "listed already?"
// and a dense index for merging reads by key. A scan asks it once or more for every key it
// lists, hundreds of thousands of times: looked up by a 64-bit hash held inline, it costs a
// fraction of a QHash<QByteArray, …>, whose every probe follows a key's pointer into memory.
// A hash two keys share is told apart by comparing the keys, so no key is ever mistaken for
// another.
class KeyIndex final
{
public:
    using HashFunction = size_t (*)(const QByteArray &key);

    // hash is for tests, which make keys collide on purpose.
    explicit KeyIndex(HashFunction hash = nullptr);

    // The index of key, which is added (as the last) when it is new; *added says whether it was.
    qsizetype insert(const QByteArray &key, bool *added = nullptr);
    // The index of key, or -1.
    qsizetype indexOf(const QByteArray &key) const;
    bool contains(const QByteArray &key) const { return indexOf(key) >= 0; }
    const QByteArray &key(qsizetype index) const { return m_keys.at(index); }
    const QList<QByteArray> &keys() const { return m_keys; }
    qsizetype size() const { return m_keys.size(); }
    bool isEmpty() const { return m_keys.isEmpty(); }
    void reserve(qsizetype size);
    void clear();

private:
    size_t hashOf(const QByteArray &key) const;

    HashFunction m_hash;
    QHash<quint64, qsizetype> m_byHash;        // a hash → the first key added with it
    QHash<QByteArray, qsizetype> m_collisions; // keys added after another of the same hash
    QList<QByteArray> m_keys;
};
