#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

// Writes one compact JSON value into a byte buffer. For JSON Lines output of many thousands
// of records, where building QJsonObjects per line would dominate the run time.
class JsonWriter final
{
public:
    JsonWriter &beginObject();
    JsonWriter &endObject();
    JsonWriter &beginArray();
    JsonWriter &endArray();
    JsonWriter &key(const char *name);

    JsonWriter &value(const QString &text);
    // Text already in UTF-8 (or ASCII, like escaped tokens): no conversion on the way.
    JsonWriter &value(QByteArrayView utf8);
    JsonWriter &value(const char *text) { return value(QByteArrayView(text)); }
    JsonWriter &value(qint64 number);
    JsonWriter &value(int number) { return value(qint64(number)); }
    JsonWriter &value(double number);
    JsonWriter &value(bool flag);
    JsonWriter &null();

    template<typename T>
    JsonWriter &field(const char *name, const T &v) { return key(name).value(v); }

    const QByteArray &data() const { return m_out; }
    QByteArray take();

private:
    void separate();
    void appendString(QByteArrayView utf8);

    QByteArray m_out;
    std::vector<bool> m_first; // per open container: nothing written in it yet
    bool m_afterKey = false;
};
