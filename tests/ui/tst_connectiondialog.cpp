#include "connectiondialog.h"
#include "connectionlistmodel.h"
#include "connectionstore.h"
#include "secretstore.h"

#include <QCheckBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

// The connection manager, offscreen, over a real ConnectionStore in a temporary settings
// file. Where a secret goes is the keychain's business (tst_connectionstore runs that against
// a real one); here it is enough that none reaches the settings.
class TestConnectionDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString settingsFile() const { return m_dir.filePath(QStringLiteral("lockscope.ini")); }

    template<typename T>
    static T *field(ConnectionDialog &dialog, const char *name)
    {
        return dialog.findChild<T *>(QString::fromLatin1(name));
    }

private Q_SLOTS:
    void init()
    {
        QFile::remove(settingsFile());
    }

    // A URL pasted into the dialog fills its fields.
    void pastedUrlFillsTheFields()
    {
        ConnectionDialog dialog;
        auto *url = field<QLineEdit>(dialog, "url");
        QVERIFY(url);
        url->setText(QStringLiteral("rediss://ops:s3cret@redis.example:6380/2")); // as a paste does
        // The URL, password and all, does not stay on screen: the fields have it now.
        QVERIFY(!url->text().contains(QLatin1String("s3cret")));
        QCOMPARE(field<QLineEdit>(dialog, "host")->text(), QStringLiteral("redis.example"));
        QCOMPARE(field<QSpinBox>(dialog, "port")->value(), 6380);
        QCOMPARE(field<QLineEdit>(dialog, "user")->text(), QStringLiteral("ops"));
        QVERIFY(field<QCheckBox>(dialog, "tls")->isChecked());
        const ConnectionProfile p = dialog.profile();
        QCOMPARE(p.database, 2);
        QCOMPARE(p.password, QStringLiteral("s3cret"));
        QVERIFY(p.tls.enabled);

        QVERIFY(!dialog.applyUrl(QStringLiteral("http://redis.example")));
        QCOMPARE(dialog.profile().host, QStringLiteral("redis.example")); // left as it was
    }

    // A sentinel URL fills the sentinel fields, its sentinels' password among the secrets.
    void pastedSentinelUrlFillsTheSentinelFields()
    {
        ConnectionDialog dialog;
        auto *url = field<QLineEdit>(dialog, "url");
        QVERIFY(url);
        url->setText(QStringLiteral("redis+sentinel://dpw@s1:26380,s2/orders/1?sentinel_password=spw"));
        QVERIFY(!url->text().contains(QLatin1String("spw")));
        const ConnectionProfile p = dialog.profile();
        QCOMPARE(p.kind, ConnectionProfile::Kind::Sentinel);
        QCOMPARE(p.masterName, QStringLiteral("orders"));
        QCOMPARE(p.nodes().size(), qsizetype(2));
        QCOMPARE(p.database, 1);
        QCOMPARE(p.password, QStringLiteral("dpw"));
        QCOMPARE(p.sentinelPassword, QStringLiteral("spw"));
    }

    // Saved: the description in the settings, never the password; listed, and selected again
    // by its id with every field.
    void savesWithoutTheSecret()
    {
        SecretStore secrets;
        ConnectionStore store(&secrets, settingsFile());
        ConnectionDialog dialog(&store);
        ConnectionProfile p = ConnectionProfile::newSaved(QStringLiteral("prod-eu"));
        p.group = QStringLiteral("Production");
        p.production = true;
        p.host = QStringLiteral("10.0.0.5");
        p.user = QStringLiteral("ops");
        p.password = QStringLiteral("s3cret");
        p.ssh.host = QStringLiteral("bastion.example");
        p.ssh.user = QStringLiteral("ops");
        p.ssh.keyFile = QStringLiteral("id_ed25519");
        p.tls.enabled = true;
        p.tls.serverName = QStringLiteral("redis.internal");
        dialog.setProfile(p);
        QSignalSpy saved(&dialog, &ConnectionDialog::saved);
        dialog.saveConnection();
        QVERIFY2(saved.wait(10000), qPrintable(dialog.statusText()));

        QString error;
        const QList<ConnectionProfile> list = store.load(&error).value_or(QList<ConnectionProfile>());
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().name, QStringLiteral("prod-eu"));
        QCOMPARE(list.first().ssh.destination(), QStringLiteral("ops@bastion.example:22"));
        QCOMPARE(list.first().tls.serverName, QStringLiteral("redis.internal"));
        QVERIFY(list.first().password.isEmpty());
        QVERIFY(list.first().storedSecrets.contains(SecretKind::RedisPassword));
        QFile file(settingsFile());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray settings = file.readAll();
        QVERIFY(settings.contains("prod-eu"));
        QVERIFY(!settings.contains("s3cret"));

        QVERIFY(dialog.listModel()->indexOf(p.id).isValid());
        ConnectionDialog again(&store);
        QVERIFY(again.selectConnection(p.id));
        QCOMPARE(again.profile().host, QStringLiteral("10.0.0.5"));
        QVERIFY(again.profile().production);
        QVERIFY(again.profile().password.isEmpty()); // saved, not held by the dialog
        QVERIFY(!again.keychainText().isEmpty());
    }

    void unixSocketRoundTrips()
    {
        ConnectionDialog dialog;
        ConnectionProfile p;
        p.socketPath = QStringLiteral("/run/redis/redis.sock");
        dialog.setProfile(p);
        QCOMPARE(field<QLineEdit>(dialog, "socket")->text(), p.socketPath);
        QCOMPARE(dialog.profile().socketPath, p.socketPath);
    }
};

QTEST_MAIN(TestConnectionDialog)
#include "tst_connectiondialog.moc"
