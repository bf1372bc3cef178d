#include "keyindex.h"

KeyIndex::KeyIndex(HashFunction hash)
    : m_hash(hash)
{
}

size_t KeyIndex::hashOf(const QByteArray &key) const
{
    // Seeded as QHash seeds its own: crafted key names cannot line up on one hash.
    return m_hash ? m_hash(key) : qHash(key, QHashSeed::globalSeed());
}

qsizetype KeyIndex::insert(const QByteArray &key, bool *added)
{
    const qsizetype hashes = m_byHash.size();
    qsizetype &first = m_byHash[hashOf(key)];
    qsizetype index = -1;
    if (m_byHash.size() > hashes) { // a hash not seen before: a new key
        first = index = m_keys.size();
    } else if (m_keys.at(first) == key) {
        index = first;
    } else if (const auto it = m_collisions.constFind(key); it != m_collisions.cend()) {
        index = *it;
    } else {
        index = m_keys.size();
        m_collisions.insert(key, index);
    }
    const bool isNew = index == m_keys.size();
    if (isNew)
        m_keys.append(key);
    if (added)
        *added = isNew;
    return index;
}

qsizetype KeyIndex::indexOf(const QByteArray &key) const
{
    const auto it = m_byHash.constFind(hashOf(key));
    if (it == m_byHash.cend())
        return -1;
    if (m_keys.at(*it) == key)
        return *it;
    return m_collisions.value(key, -1);
}

void KeyIndex::reserve(qsizetype size)
{
    m_byHash.reserve(size);
    m_keys.reserve(size);
}

void KeyIndex::clear()
{
    m_byHash.clear();
    m_collisions.clear();
    m_keys.clear();
}
