#include "jsonwriter.h"

#include <cmath>

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out += ',';
        m_first.back() = false;
    }
}

JsonWriter &JsonWriter::beginObject()
{
    separate();
    m_out += '{';
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    m_out += '}';
    m_first.pop_back();
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    separate();
    m_out += '[';
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    m_out += ']';
    m_first.pop_back();
    return *this;
}

JsonWriter &JsonWriter::key(const char *name)
{
    separate();
    appendString(QByteArrayView(name));
    m_out += ':';
    m_afterKey = true;
    return *this;
}

JsonWriter &JsonWriter::value(const QString &text)
{
    separate();
    appendString(text.toUtf8());
    return *this;
}

JsonWriter &JsonWriter::value(QByteArrayView utf8)
{
    separate();
    appendString(utf8);
    return *this;
}

JsonWriter &JsonWriter::value(qint64 number)
{
    separate();
    m_out += QByteArray::number(number);
    return *this;
}

JsonWriter &JsonWriter::value(double number)
{
    separate();
    if (std::isfinite(number))
        m_out += QByteArray::number(number, 'g', 15);
    else
        m_out += "null";
    return *this;
}

JsonWriter &JsonWriter::value(bool flag)
{
    separate();
    m_out += flag ? "true" : "false";
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separate();
    m_out += "null";
    return *this;
}

QByteArray JsonWriter::take()
{
    m_first.clear();
    m_afterKey = false;
    return std::exchange(m_out, QByteArray());
}

// Copies runs of plain bytes in one append; only quotes, backslashes and control bytes are
// written one by one. This is the inner loop of `scan --json` on 100k locks.
void JsonWriter::appendString(QByteArrayView utf8)
{
    static const char hex[] = "0123456789abcdef";
    m_out += '"';
    const char *p = utf8.data();
    const char *end = p + utf8.size();
    const char *run = p;
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        m_out.append(run, p - run);
        run = p + 1;
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '\n':
            m_out += "\\n";
            break;
        case '\r':
            m_out += "\\r";
            break;
        case '\t':
            m_out += "\\t";
            break;
        default:
            m_out += "\\u00";
            m_out += hex[c >> 4];
            m_out += hex[c & 0xf];
        }
    }
    m_out.append(run, p - run);
    m_out += '"';
}
