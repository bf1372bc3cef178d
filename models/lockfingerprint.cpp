#include "lockfingerprint.h"

#include "tokentext.h"

#include <QHash>
#include <QObject>

#include <algorithm>

namespace {
// Tokens as redis-cli prints them; quoted only where the bare text would be ambiguous.
QString shown(const QByteArray &bytes)
{
    const bool bare = !bytes.isEmpty() && TokenText::isPrintable(bytes) && !bytes.contains(' ') && !bytes.contains(',')
                      && !bytes.contains(';') && bytes.size() <= TokenText::wholeUpTo;
    return bare ? TokenText::escape(bytes) : TokenText::quoted(bytes);
}

QString roleOf(const LockHolder &h)
{
    const QString mode = h.field(QStringLiteral("mode"));
    if (mode == QLatin1String("read") || mode == QLatin1String("write"))
        return mode;
    if (!h.field(QStringLiteral("permit")).isEmpty())
        return QStringLiteral("permit");
    return {};
}

QString roleNoun(const QString &role)
{
    if (role == QLatin1String("read"))
        return QObject::tr("reader");
    if (role == QLatin1String("write"))
        return QObject::tr("writer");
    if (role == QLatin1String("permit"))
        return QObject::tr("permit");
    return QObject::tr("holder");
}

QString typeNoun(RedisType type)
{
    return QString::fromLatin1(redisTypeName(type));
}

// "1 holder", "2 holders".
QString counted(qsizetype n, const QString &noun)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(noun, n == 1 ? QString() : QStringLiteral("s"));
}

void appendNetstring(QByteArray &out, const QByteArray &bytes)
{
    out += QByteArray::number(bytes.size());
    out += ':';
    out += bytes;
}
} // namespace

LockFingerprint LockFingerprint::absent(const QByteArray &key)
{
    LockFingerprint f;
    f.m_valid = true;
    f.m_reason.clear();
    f.m_key = key;
    f.m_type = RedisType::None;
    return f;
}

// The observation as it is, complete or not; whole() and holder() then decide whether a
// guard can rest on it.
LockFingerprint LockFingerprint::of(const LockInfo &lock)
{
    LockFingerprint f;
    f.m_key = lock.key();
    f.m_type = lock.isGone() ? RedisType::None : lock.sample.type;
    f.m_partial = lock.sample.truncated;
    const KeySample &s = lock.sample;
    switch (f.m_type) {
    case RedisType::String:
        f.m_size = s.size;
        if (!s.truncated)
            f.m_entries = {{QByteArray(), s.value}};
        break;
    case RedisType::Hash:
        f.m_size = s.size;
        for (const KeySample::Entry &e : s.entries)
            f.m_entries.append({e.first, e.second});
        break;
    case RedisType::ZSet:
    case RedisType::Set:
        f.m_size = s.size;
        for (const KeySample::Entry &e : s.entries)
            f.m_entries.append({e.first, QByteArray()});
        break;
    default:
        break;
    }
    // Canonical order, and a member HSCAN happened to return twice counted once.
    std::sort(f.m_entries.begin(), f.m_entries.end(), [](const Entry &a, const Entry &b) { return a.name < b.name; });
    f.m_entries.erase(std::unique(f.m_entries.begin(), f.m_entries.end(),
                                  [](const Entry &a, const Entry &b) { return a.name == b.name; }),
                      f.m_entries.end());
    for (const LockHolder &h : lock.holders)
        f.m_holders.append({h.token, h.count, roleOf(h)});
    return f;
}

LockFingerprint LockFingerprint::whole(const LockInfo &lock)
{
    LockFingerprint f = of(lock);
    const QString key = TokenText::quoted(lock.key());
    switch (f.m_type) {
    case RedisType::None:
        f.m_reason = QObject::tr("%1 is gone from Redis").arg(key);
        return f;
    case RedisType::String:
    case RedisType::Hash:
    case RedisType::ZSet:
    case RedisType::Set:
        break;
    default:
        f.m_reason = QObject::tr("%1 is a %2, which no lock library LockScope knows writes").arg(key, typeNoun(f.m_type));
        return f;
    }
    if (f.m_partial) {
        if (f.m_type == RedisType::String)
            f.m_reason = QObject::tr("LockScope read only the first %1 of the %2 bytes of %3: a guard must compare the whole "
                                     "value, so it cannot act on it as observed. Give the whole value as the token to act for its holder.")
                             .arg(lock.sample.value.size())
                             .arg(lock.sample.size)
                             .arg(key);
        else
            f.m_reason = QObject::tr("LockScope read %3 only in part (%1 of its %2 entries, or an entry cut at the byte cap): "
                                     "a guard must compare all of it, so it cannot act on it")
                             .arg(lock.sample.entries.size())
                             .arg(lock.sample.size)
                             .arg(key);
        return f;
    }
    f.m_valid = true;
    f.m_reason.clear();
    return f;
}

LockFingerprint LockFingerprint::holder(const LockInfo &lock, const QByteArray &token)
{
    LockFingerprint f = whole(lock);
    if (!f.m_valid)
        return f;
    const Holder *mine = f.findHolder(token);
    if (!mine) {
        f.m_valid = false;
        f.m_reason = QObject::tr("%1 does not hold %2").arg(TokenText::quoted(token), TokenText::quoted(lock.key()));
        return f;
    }
    const Holder kept = *mine;
    f.m_scope = Scope::Holder;
    // The holder's own entry, and every entry that is no holder's: facts about the lock
    // itself (a read-write lock's mode) that the action relies on as much as on the holder.
    QList<Entry> entries;
    for (const Entry &e : std::as_const(f.m_entries))
        if (f.m_type == RedisType::String || e.name == token || !f.findHolder(e.name))
            entries.append(e);
    f.m_entries = entries;
    f.m_holders = {kept};
    return f;
}

LockFingerprint LockFingerprint::found(const LockInfo &now)
{
    LockFingerprint f = of(now);
    f.m_valid = true;
    f.m_reason.clear();
    return f;
}

const LockFingerprint::Holder *LockFingerprint::findHolder(const QByteArray &token) const
{
    for (const Holder &h : m_holders)
        if (h.token == token)
            return &h;
    return nullptr;
}

QByteArray LockFingerprint::serialise() const
{
    QByteArray out = "lsfp1:" + redisTypeName(m_type) + ':' + (m_scope == Scope::Whole ? "whole" : "holder") + ':'
                     + QByteArray::number(m_entries.size()) + ';';
    for (const Entry &e : m_entries) {
        appendNetstring(out, e.name);
        appendNetstring(out, e.value);
    }
    return out;
}

QString LockFingerprint::text() const
{
    if (m_type == RedisType::None)
        return QObject::tr("absent: nobody holds %1").arg(TokenText::quoted(m_key));
    if (m_type == RedisType::String) {
        if (m_entries.isEmpty())
            return QObject::tr("a value of %1 bytes").arg(m_size);
        const QByteArray &value = m_entries.first().value;
        return m_holders.isEmpty() ? QObject::tr("value %1").arg(TokenText::quoted(value)) : QObject::tr("token %1").arg(TokenText::quoted(value));
    }
    const bool withCounts = m_type == RedisType::Hash;
    auto holderText = [withCounts](const Holder &h) {
        QString t = shown(h.token);
        if (withCounts)
            t += QStringLiteral(" ×%1").arg(h.count);
        if (h.role == QLatin1String("read") || h.role == QLatin1String("write"))
            t += QStringLiteral(" (%1)").arg(h.role);
        return t;
    };
    QStringList holders, facts;
    for (const Entry &e : m_entries) {
        if (const Holder *h = findHolder(e.name))
            holders << holderText(*h);
        else if (m_type == RedisType::Hash)
            facts << (m_holders.isEmpty() ? shown(e.name) + QStringLiteral(" = ") + shown(e.value)
                                          : shown(e.name) + QLatin1Char(' ') + shown(e.value));
        else
            facts << shown(e.name);
    }
    QString out;
    const bool permits = !m_holders.isEmpty() && std::all_of(m_holders.begin(), m_holders.end(), [](const Holder &h) {
        return h.role == QLatin1String("permit");
    });
    if (m_scope == Scope::Holder && m_holders.size() == 1)
        out = (permits ? QObject::tr("permit ") : QObject::tr("holder ")) + holders.value(0);
    else if (!m_holders.isEmpty())
        out = counted(holders.size(), permits ? QObject::tr("permit") : QObject::tr("holder")) + QStringLiteral(": ")
              + holders.join(QStringLiteral(", "));
    if (!facts.isEmpty()) {
        if (m_holders.isEmpty())
            out = counted(facts.size(), m_type == RedisType::Hash ? QObject::tr("field") : QObject::tr("member")) + QStringLiteral(": ")
                  + facts.join(QStringLiteral(", "));
        else
            out += QStringLiteral("; ") + facts.join(QStringLiteral("; "));
    }
    if (out.isEmpty())
        out = QObject::tr("an empty %1").arg(typeNoun(m_type));
    return out;
}

QStringList LockFingerprint::changesTo(const LockFingerprint &now) const
{
    if (m_type == RedisType::None)
        return {QObject::tr("it exists now (%1)").arg(now.text())};
    if (now.m_type == RedisType::None)
        return {QObject::tr("it no longer exists: it expired or was released")};
    if (now.m_type != m_type)
        return {QObject::tr("it is now a %1, not the %2 you saw").arg(typeNoun(now.m_type), typeNoun(m_type))};

    if (m_type == RedisType::String) {
        const QByteArray seen = m_entries.value(0).value;
        if (now.m_entries.isEmpty())
            return {QObject::tr("its value is now %1 bytes long, not the %2 you saw").arg(now.m_size).arg(TokenText::quoted(seen))};
        const QByteArray current = now.m_entries.first().value;
        if (current == seen)
            return {QObject::tr("it is not as you saw it")};
        if (!m_holders.isEmpty())
            return {QObject::tr("it changed hands: the token is now %1 (you saw %2)").arg(TokenText::quoted(current), TokenText::quoted(seen))};
        return {QObject::tr("its value is now %1 (you saw %2)").arg(TokenText::quoted(current), TokenText::quoted(seen))};
    }

    QHash<QByteArray, QByteArray> current;
    for (const Entry &e : now.m_entries)
        current.insert(e.name, e.value);
    QStringList out;
    for (const Entry &e : m_entries) {
        const Holder *h = findHolder(e.name);
        const auto it = current.constFind(e.name);
        if (it == current.constEnd()) {
            if (now.m_partial)
                continue; // maybe only not among what the refusal reported
            if (h)
                out << QObject::tr("%1 %2 is gone").arg(roleNoun(h->role), shown(e.name));
            else if (m_type == RedisType::Hash)
                out << QObject::tr("%1 %2 is gone").arg(shown(e.name), shown(e.value));
            else
                out << QObject::tr("member %1 is gone").arg(shown(e.name));
            continue;
        }
        if (*it == e.value)
            continue;
        bool ok1 = false, ok2 = false;
        const qint64 before = e.value.toLongLong(&ok1), after = it->toLongLong(&ok2);
        if (h && ok1 && ok2)
            out << (after > before ? QObject::tr("%1 re-acquired: hold count %2 → %3") : QObject::tr("%1 released a hold: hold count %2 → %3"))
                       .arg(shown(e.name))
                       .arg(before)
                       .arg(after);
        else
            out << QObject::tr("%1 %2 → %3").arg(shown(e.name), shown(e.value), shown(*it));
    }
    if (m_scope == Scope::Whole) {
        QHash<QByteArray, const Entry *> mine;
        for (const Entry &e : m_entries)
            mine.insert(e.name, &e);
        for (const Entry &e : now.m_entries) {
            if (mine.contains(e.name))
                continue;
            if (const Holder *h = now.findHolder(e.name))
                out << (m_type == RedisType::Hash ? QObject::tr("a %1 %2 joined (×%3)").arg(roleNoun(h->role), shown(e.name)).arg(h->count)
                                                  : QObject::tr("a %1 %2 joined").arg(roleNoun(h->role), shown(e.name)));
            else if (m_type == RedisType::Hash)
                out << QObject::tr("field %1 = %2 was added").arg(shown(e.name), shown(e.value));
            else
                out << QObject::tr("member %1 was added").arg(shown(e.name));
        }
        if (now.m_partial && now.m_size != m_entries.size())
            out << QObject::tr("it has %1 entries now, not the %2 you saw").arg(now.m_size).arg(m_entries.size());
    }
    if (out.isEmpty())
        out << QObject::tr("it is not as you saw it");
    return out;
}
