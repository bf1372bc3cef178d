#include "profilestore.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
DialectProfile profile(const QString &name)
{
    DialectProfile p;
    p.name = name;
    p.keyGlob = u"i:*"_s + name + u":lock:*"_s;
    p.type = RedisType::Hash;
    p.tokenRegex = u"(?<host>[^:]+):(?<pid>\\d+)"_s;
    return p;
}
} // namespace

// Profiles in the user's settings and in JSON files.
class TestProfileStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void nothingSavedIsAnEmptyList()
    {
        const ProfileStore store(m_dir.filePath(u"empty.ini"_s));
        QString error;
        const std::optional<QList<DialectProfile>> loaded = store.load(&error);
        QVERIFY(loaded);
        QVERIFY(loaded->isEmpty());
    }

    void savesAndLoads()
    {
        const ProfileStore store(m_dir.filePath(u"settings.ini"_s));
        const QList<DialectProfile> profiles{profile(u"Billing"_s), profile(u"Jobs"_s)};
        QString error;
        QVERIFY2(store.save(profiles, &error), qPrintable(error));
        // A second store on the same file, as the next start of the window is.
        const std::optional<QList<DialectProfile>> loaded = ProfileStore(store.settingsFile()).load(&error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(*loaded, profiles);

        QVERIFY(store.save({}, &error));
        QVERIFY(store.load(&error)->isEmpty());
    }

    void unreadableSettingsAreReported()
    {
        const QString file = m_dir.filePath(u"broken.ini"_s);
        {
            QSettings settings(file, QSettings::IniFormat);
            settings.setValue(u"dialects/profiles"_s, QByteArray("[{\"name\": 1}]"));
        }
        QString error;
        QVERIFY(!ProfileStore(file).load(&error));
        QVERIFY2(error.contains(file) && error.contains(u"\"name\""_s), qPrintable(error));
    }

    void filesRoundTrip()
    {
        const QString path = m_dir.filePath(u"shared.json"_s);
        const QList<DialectProfile> profiles{profile(u"Billing"_s)};
        QString error;
        QVERIFY2(ProfileStore::writeFile(path, profiles, &error), qPrintable(error));
        QCOMPARE(ProfileStore::readFile(path, &error).value_or(QList<DialectProfile>()), profiles);
    }

    void badFilesSayWhichAndWhy_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no file at all
        QTest::addColumn<QString>("why");
        QTest::newRow("missing") << QByteArray() << u"Cannot read"_s;
        QTest::newRow("not json") << QByteArray("profiles: []") << u"Not JSON"_s;
        QTest::newRow("bad regex") << QByteArray("{\"name\":\"a\",\"key_glob\":\"a*\",\"token_regex\":\"(\"}") << u"invalid"_s;
    }

    void badFilesSayWhichAndWhy()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, why);
        const QString path = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-') + u".json"_s);
        if (!content.isEmpty()) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        QString error;
        QVERIFY(!ProfileStore::readFile(path, &error));
        QVERIFY2(error.contains(path) && error.contains(why), qPrintable(error));
    }

    void unwritableFileFails()
    {
        QString error;
        QVERIFY(!ProfileStore::writeFile(m_dir.filePath(u"no/such/dir/x.json"_s), {profile(u"A"_s)}, &error));
        QVERIFY(error.contains(u"Cannot write"_s));
    }
};

QTEST_GUILESS_MAIN(TestProfileStore)
#include "tst_profilestore.moc"
