#include "tlsfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSslCertificate>
#include <QSslKey>

namespace {
bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// The bytes of a file the user named as `what` ("the CA file"), or why there are none.
std::optional<QByteArray> readFile(const QString &what, const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists()) {
        fail(error, QStringLiteral("%1 %2 does not exist").arg(what, path));
        return std::nullopt;
    }
    if (info.isDir()) {
        fail(error, QStringLiteral("%1 %2 is a directory, not a file").arg(what, path));
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(error, QStringLiteral("cannot read %1 %2: %3").arg(what, path, file.errorString()));
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    if (bytes.trimmed().isEmpty()) {
        fail(error, QStringLiteral("%1 %2 is empty").arg(what, path));
        return std::nullopt;
    }
    return bytes;
}

bool holdsPrivateKey(const QByteArray &bytes)
{
    return bytes.contains("-----BEGIN") && bytes.contains("PRIVATE KEY-----");
}

// Every certificate in bytes (PEM, or one DER certificate), or why there is none.
std::optional<QList<QSslCertificate>> certificates(const QString &what, const QString &path, const QByteArray &bytes, QString *error)
{
    static const QByteArray begin = "-----BEGIN CERTIFICATE-----";
    const qsizetype blocks = bytes.count(begin);
    QList<QSslCertificate> certs = QSslCertificate::fromData(bytes, QSsl::Pem);
    certs.removeIf([](const QSslCertificate &c) { return c.isNull(); });
    if (blocks == 0 && certs.isEmpty()) {
        certs = QSslCertificate::fromData(bytes, QSsl::Der);
        certs.removeIf([](const QSslCertificate &c) { return c.isNull(); });
    }
    if (!certs.isEmpty() && certs.size() >= blocks)
        return certs;
    if (blocks > 0) {
        fail(error, blocks == 1 ? QStringLiteral("%1 %2: its certificate is damaged and cannot be read").arg(what, path)
                                : QStringLiteral("%1 %2: %3 of its %4 certificates are damaged and cannot be read")
                                      .arg(what, path)
                                      .arg(blocks - certs.size())
                                      .arg(blocks));
    } else if (holdsPrivateKey(bytes)) {
        fail(error, QStringLiteral("%1 %2 holds a private key, not a certificate").arg(what, path));
    } else {
        fail(error, QStringLiteral("%1 %2 is not a PEM certificate file (no \"%3\" line)").arg(what, path, QString::fromLatin1(begin)));
    }
    return std::nullopt;
}

// The CA certificates of a file, or of every file in a directory (as OpenSSL's CApath,
// whose hash-named links are files too); files there that hold no certificate are skipped.
std::optional<QList<QSslCertificate>> caCertificates(const QString &path, QString *error)
{
    if (!QFileInfo(path).isDir()) {
        const std::optional<QByteArray> bytes = readFile(QStringLiteral("the CA file"), path, error);
        if (!bytes)
            return std::nullopt;
        return certificates(QStringLiteral("the CA file"), path, *bytes, error);
    }
    QList<QSslCertificate> all;
    const QFileInfoList files = QDir(path).entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
    for (const QFileInfo &file : files) {
        QFile f(file.filePath());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QSslCertificate &c : QSslCertificate::fromData(f.readAll(), QSsl::Pem))
            if (!c.isNull())
                all << c;
    }
    if (all.isEmpty()) {
        fail(error, QStringLiteral("the CA directory %1 holds no readable PEM certificate").arg(path));
        return std::nullopt;
    }
    return all;
}

std::optional<QSslKey> privateKey(const QString &path, const QByteArray &passphrase, QString *error)
{
    const QString what = QStringLiteral("the key file");
    const std::optional<QByteArray> bytes = readFile(what, path, error);
    if (!bytes)
        return std::nullopt;
    const bool pem = bytes->contains("-----BEGIN");
    // PKCS#8 ("BEGIN ENCRYPTED PRIVATE KEY") and the older OpenSSL headers ("Proc-Type: 4,ENCRYPTED").
    const bool encrypted = bytes->contains("ENCRYPTED");
    if (encrypted && passphrase.isEmpty()) {
        fail(error, QStringLiteral("the key file %1 is encrypted and no passphrase was given: decrypt it "
                                   "(openssl pkey -in FILE -out PLAIN) or give its passphrase").arg(path));
        return std::nullopt;
    }
    for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        const QSslKey key(*bytes, algorithm, pem ? QSsl::Pem : QSsl::Der, QSsl::PrivateKey, passphrase);
        if (!key.isNull())
            return key;
    }
    if (encrypted)
        fail(error, QStringLiteral("the passphrase for the key file %1 is wrong").arg(path));
    else if (bytes->contains("-----BEGIN CERTIFICATE-----"))
        fail(error, QStringLiteral("the key file %1 holds a certificate, not a private key").arg(path));
    else if (holdsPrivateKey(*bytes))
        fail(error, QStringLiteral("the key file %1 holds a private key that cannot be read (RSA, EC and DSA keys can)").arg(path));
    else
        fail(error, QStringLiteral("the key file %1 is not a PEM private key (no \"-----BEGIN … PRIVATE KEY-----\" line)").arg(path));
    return std::nullopt;
}

// Whether key is the private half of certificate's public key. Qt has no call for it, but
// the public key's own bytes (an RSA modulus and exponent, an EC point) appear, encoded the
// same way, at the end of its SubjectPublicKeyInfo and inside the private key's DER. Where
// that cannot be told (other algorithms), the TLS library checks it when the socket starts.
bool keyMatches(const QSslCertificate &certificate, const QSslKey &key)
{
    const QSslKey publicKey = certificate.publicKey();
    if (publicKey.algorithm() != key.algorithm())
        return false;
    if (key.algorithm() != QSsl::Rsa && key.algorithm() != QSsl::Ec)
        return true;
    const QByteArray publicDer = publicKey.toDer();
    const QByteArray privateDer = key.toDer();
    if (publicDer.size() < 32 || privateDer.isEmpty())
        return true;
    return privateDer.contains(publicDer.right(32));
}
} // namespace

std::optional<QSslConfiguration> TlsFiles::configuration(const ConnectionOptions &options, QString *error)
{
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    if (!options.caCertFile.isEmpty()) {
        const std::optional<QList<QSslCertificate>> cas = caCertificates(options.caCertFile, error);
        if (!cas)
            return std::nullopt;
        config.setCaCertificates(*cas);
    }
    if (options.certFile.isEmpty() != options.keyFile.isEmpty()) {
        fail(error, options.keyFile.isEmpty()
                        ? QStringLiteral("the client certificate %1 comes without its private key").arg(options.certFile)
                        : QStringLiteral("the private key %1 comes without its client certificate").arg(options.keyFile));
        return std::nullopt;
    }
    if (!options.certFile.isEmpty()) {
        const QString what = QStringLiteral("the certificate file");
        const std::optional<QByteArray> bytes = readFile(what, options.certFile, error);
        if (!bytes)
            return std::nullopt;
        const std::optional<QList<QSslCertificate>> chain = certificates(what, options.certFile, *bytes, error);
        if (!chain)
            return std::nullopt;
        const std::optional<QSslKey> key = privateKey(options.keyFile, options.keyPassphrase, error);
        if (!key)
            return std::nullopt;
        if (!keyMatches(chain->first(), *key)) {
            fail(error, QStringLiteral("the key file %1 does not belong to the certificate in %2").arg(options.keyFile, options.certFile));
            return std::nullopt;
        }
        config.setLocalCertificateChain(*chain);
        config.setPrivateKey(*key);
    }
    if (!options.verifyPeer)
        config.setPeerVerifyMode(QSslSocket::VerifyNone);
    return config;
}
