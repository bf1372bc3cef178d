#include "tokenfactory.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QUuid>

namespace {
QByteArray randomBytes(int count)
{
    QByteArray out(count, Qt::Uninitialized);
    QRandomGenerator *random = QRandomGenerator::system();
    for (char &c : out)
        c = char(random->bounded(256));
    return out;
}

// 100 ns intervals between the Gregorian reform (1582-10-15) and the Unix epoch.
constexpr quint64 gregorianToUnix100ns = 0x01B21DD213814000ULL;
} // namespace

QByteArray TokenFactory::uuid4()
{
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

QByteArray TokenFactory::uuid1Hex()
{
    const quint64 time = quint64(QDateTime::currentMSecsSinceEpoch()) * 10000 + gregorianToUnix100ns
                         + QRandomGenerator::system()->bounded(10000);
    const quint32 timeLow = quint32(time & 0xffffffffULL);
    const quint16 timeMid = quint16((time >> 32) & 0xffff);
    const quint16 timeHiVersion = quint16(((time >> 48) & 0x0fff) | 0x1000);
    const quint16 clockSeq = quint16((QRandomGenerator::system()->bounded(0x4000)) | 0x8000);
    QByteArray node = randomBytes(6);
    node[0] = char(node.at(0) | 0x01);
    QByteArray out;
    out += QByteArray::number(timeLow, 16).rightJustified(8, '0');
    out += QByteArray::number(timeMid, 16).rightJustified(4, '0');
    out += QByteArray::number(timeHiVersion, 16).rightJustified(4, '0');
    out += QByteArray::number(clockSeq, 16).rightJustified(4, '0');
    out += node.toHex();
    return out;
}

QByteArray TokenFactory::hex(int bytes)
{
    return randomBytes(bytes).toHex();
}

QByteArray TokenFactory::base64(int bytes)
{
    return randomBytes(bytes).toBase64();
}

QByteArray TokenFactory::base64Url(int bytes)
{
    return randomBytes(bytes).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray TokenFactory::base64Unpadded(int bytes)
{
    return randomBytes(bytes).toBase64(QByteArray::OmitTrailingEquals);
}

QByteArray TokenFactory::alphanumeric(int length)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QByteArray out(length, Qt::Uninitialized);
    for (char &c : out)
        c = alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))];
    return out;
}
