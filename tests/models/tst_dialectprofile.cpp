#include "dialectprofile.h"
#include "dialectregistry.h"
#include "profiledialect.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {
DialectProfile billing(RedisType type = RedisType::String)
{
    DialectProfile p;
    p.name = u"Billing lock"_s;
    p.keyGlob = u"billing:lock:*"_s;
    p.type = type;
    p.tokenRegex = u"(?<host>[a-z0-9.-]+):(?<pid>\\d+):(?<time>\\d+)"_s;
    return p;
}

KeySample sample(const QByteArray &key, RedisType type, const QByteArray &value, const QList<KeySample::Entry> &entries = {})
{
    KeySample s;
    s.key = key;
    s.type = type;
    s.pttlMs = 30000;
    s.value = value;
    s.entries = entries;
    s.size = type == RedisType::String ? value.size() : entries.size();
    return s;
}
} // namespace

// Custom dialect profiles: their JSON form, their validation and how they read keys.
class TestDialectProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listFromJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("count");          // -1: refused
        QTest::addColumn<QString>("errorPart");  // in the error when refused

        const QByteArray one = "{\"name\":\"Billing\",\"key_glob\":\"billing:*\",\"redis_type\":\"string\",\"token_regex\":\"(?<host>\\\\w+):(?<pid>\\\\d+)\"}";
        QTest::newRow("wrapped") << QByteArray("{\"profiles\":[" + one + "]}") << 1 << QString();
        QTest::newRow("bare array of two") << QByteArray("[" + one + ",{\"name\":\"Jobs\",\"key_glob\":\"jobs:*\",\"token_regex\":\"\\\\d+\"}]") << 2 << QString();
        QTest::newRow("single object") << one << 1 << QString();
        QTest::newRow("empty list") << QByteArray("{\"profiles\":[]}") << 0 << QString();
        QTest::newRow("not json") << QByteArray("{name: billing") << -1 << u"Not JSON"_s;
        QTest::newRow("missing name") << QByteArray("{\"key_glob\":\"a*\",\"token_regex\":\"x\"}") << -1 << u"\"name\""_s;
        QTest::newRow("number as glob") << QByteArray("{\"name\":\"a\",\"key_glob\":5,\"token_regex\":\"x\"}") << -1 << u"\"key_glob\""_s;
        QTest::newRow("empty glob") << QByteArray("{\"name\":\"a\",\"key_glob\":\"\",\"token_regex\":\"x\"}") << -1 << u"key glob"_s;
        QTest::newRow("bad regex") << QByteArray("{\"name\":\"a\",\"key_glob\":\"a*\",\"token_regex\":\"(?<host>[a-\"}") << -1 << u"invalid"_s;
        QTest::newRow("unknown group") << QByteArray("{\"name\":\"a\",\"key_glob\":\"a*\",\"token_regex\":\"(?<hots>\\\\w+)\"}") << -1 << u"hots"_s;
        QTest::newRow("list type") << QByteArray("{\"name\":\"a\",\"key_glob\":\"a*\",\"redis_type\":\"list\",\"token_regex\":\"x\"}") << -1 << u"redis_type"_s;
        QTest::newRow("bad id") << QByteArray("{\"id\":\"Has Space\",\"name\":\"a\",\"key_glob\":\"a*\",\"token_regex\":\"x\"}") << -1 << u"Has Space"_s;
        QTest::newRow("entry not an object") << QByteArray("[" + one + ",7]") << -1 << u"Profile 2"_s;
        QTest::newRow("same id twice") << QByteArray("[" + one + "," + one + "]") << -1 << u"profile-billing"_s;
    }

    void listFromJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, count);
        QFETCH(QString, errorPart);
        QString error;
        const std::optional<QList<DialectProfile>> profiles = DialectProfile::listFromJson(json, &error);
        if (count < 0) {
            QVERIFY(!profiles);
            QVERIFY2(error.contains(errorPart), qPrintable(error));
            return;
        }
        QVERIFY2(profiles, qPrintable(error));
        QCOMPARE(profiles->size(), count);
    }

    void jsonRoundTrip()
    {
        DialectProfile withId = billing(RedisType::Hash);
        withId.id = u"billing.v2"_s;
        const QList<DialectProfile> profiles{billing(), withId};
        QString error;
        const std::optional<QList<DialectProfile>> back = DialectProfile::listFromJson(DialectProfile::listToJson(profiles), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, profiles);
    }

    void effectiveId_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("expected");
        QTest::newRow("from name") << u"Billing lock"_s << QString() << u"profile-billing-lock"_s;
        QTest::newRow("punctuation folded") << u"  Jobs / nightly (v2)!"_s << QString() << u"profile-jobs-nightly-v2"_s;
        QTest::newRow("given id wins") << u"Billing"_s << u"billing"_s << u"billing"_s;
    }

    void effectiveId()
    {
        QFETCH(QString, name);
        QFETCH(QString, id);
        QFETCH(QString, expected);
        DialectProfile p = billing();
        p.name = name;
        p.id = id;
        QCOMPARE(p.effectiveId(), expected);
    }

    void recognise_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<KeySample>("sample");
        QTest::addColumn<bool>("mine");
        QTest::addColumn<QStringList>("fields"); // of the first holder: name=value
        QTest::addColumn<qint64>("count");

        const QByteArray token = "web-1.prod:4242:1718732537";
        const QStringList decoded{u"host=web-1.prod"_s, u"pid=4242"_s, u"time=2024-06-18T17:42:17.000Z"_s};
        QTest::newRow("string") << int(RedisType::String) << sample("billing:lock:42", RedisType::String, token) << true << decoded << qint64(1);
        QTest::newRow("time in ms") << int(RedisType::String) << sample("billing:lock:42", RedisType::String, "h:1:1718732537809") << true
                                    << QStringList{u"host=h"_s, u"pid=1"_s, u"time=2024-06-18T17:42:17.809Z"_s} << qint64(1);
        QTest::newRow("regex must match in full") << int(RedisType::String) << sample("billing:lock:42", RedisType::String, token + ":x") << false << QStringList() << qint64(0);
        QTest::newRow("other key") << int(RedisType::String) << sample("orders:lock:42", RedisType::String, token) << false << QStringList() << qint64(0);
        QTest::newRow("wrong type") << int(RedisType::String) << sample("billing:lock:42", RedisType::Hash, {}, {{token, "1"}}) << false << QStringList() << qint64(0);
        QTest::newRow("non-utf8 token") << int(RedisType::String) << sample("billing:lock:42", RedisType::String, QByteArray("web\xff:1:2", 8)) << false << QStringList() << qint64(0);
        QTest::newRow("empty value") << int(RedisType::String) << sample("billing:lock:42", RedisType::String, "") << false << QStringList() << qint64(0);
        KeySample truncated = sample("billing:lock:42", RedisType::String, token);
        truncated.truncated = true;
        QTest::newRow("truncated string") << int(RedisType::String) << truncated << false << QStringList() << qint64(0);
        QTest::newRow("hash field counts") << int(RedisType::Hash) << sample("billing:lock:7", RedisType::Hash, {}, {{"junk", "1"}, {token, "3"}}) << true << decoded << qint64(3);
        QTest::newRow("hash absurd count") << int(RedisType::Hash) << sample("billing:lock:7", RedisType::Hash, {}, {{token, "-9"}}) << true << decoded << qint64(1);
        QTest::newRow("hash without a token field") << int(RedisType::Hash) << sample("billing:lock:7", RedisType::Hash, {}, {{"junk", "1"}}) << false << QStringList() << qint64(0);
        QTest::newRow("zset keeps the score") << int(RedisType::ZSet) << sample("billing:lock:s", RedisType::ZSet, {}, {{token, "1718732567000"}}) << true
                                              << decoded + QStringList{u"score=1718732567000"_s} << qint64(1);
        QTest::newRow("set member") << int(RedisType::Set) << sample("billing:lock:s", RedisType::Set, {}, {{token, ""}}) << true << decoded << qint64(1);
    }

    void recognise()
    {
        QFETCH(int, type);
        QFETCH(KeySample, sample);
        QFETCH(bool, mine);
        QFETCH(QStringList, fields);
        QFETCH(qint64, count);
        const ProfileDialect dialect(billing(RedisType(type)));
        LockInfo lock;
        const int score = dialect.recognise(sample, lock);
        QCOMPARE(score > 0, mine);
        if (!mine)
            return;
        QCOMPARE(lock.holders.size(), 1);
        QStringList got;
        for (const auto &[name, value] : lock.holders.first().fields)
            got << name + u'=' + value;
        QCOMPARE(got, fields);
        QCOMPARE(lock.holders.first().count, count);
        QVERIFY(lock.holders.first().holder.contains(u"host web-1"_s) || lock.holders.first().holder.contains(u"host h"_s));
    }

    void holderGroupNamesTheHolder()
    {
        DialectProfile p = billing();
        p.tokenRegex = u"(?<holder>[a-z]+)-(?<thread>\\d+)"_s;
        const std::optional<LockHolder> h = ProfileDialect(p).decode("worker-12");
        QVERIFY(h);
        QCOMPARE(h->holder, u"worker"_s);
        QCOMPARE(h->field(u"thread"_s), u"12"_s);
    }

    void registryTakesProfilesOverBuiltInGuesses()
    {
        DialectRegistry registry;
        const KeySample s = sample("billing:lock:42", RedisType::String, "web-1:4242:1718732537");
        QCOMPARE(registry.classify(s)->dialect, u"plain"_s);
        QVERIFY(registry.profilePatterns().isEmpty());

        QCOMPARE(registry.setProfiles({billing()}), QString());
        QCOMPARE(registry.classify(s)->dialect, u"profile-billing-lock"_s);
        QCOMPARE(registry.classify(s)->dialectName, u"Billing lock"_s);
        QCOMPARE(registry.profilePatterns(), QList<KeyPattern>{KeyPattern::parse(u"billing:lock:*"_s)});
        QVERIFY(registry.find(u"profile-billing-lock"_s));
        // A token the profile does not describe is left to the built-ins.
        QCOMPARE(registry.classify(sample("billing:lock:43", RedisType::String, "opaque"))->dialect, u"plain"_s);

        // Replacing the set drops the old profiles.
        QCOMPARE(registry.setProfiles({}), QString());
        QCOMPARE(registry.classify(s)->dialect, u"plain"_s);
        QVERIFY(!registry.find(u"profile-billing-lock"_s));
    }

    void registryRefusesTakenIds_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("built-in") << u"redisson-lock"_s;
        QTest::newRow("unknown") << u"unknown"_s;
        QTest::newRow("twice") << u"profile-billing-lock"_s;
    }

    void registryRefusesTakenIds()
    {
        QFETCH(QString, id);
        DialectRegistry registry;
        QCOMPARE(registry.setProfiles({billing()}), QString());
        DialectProfile clash = billing();
        clash.id = id;
        const QString error = registry.setProfiles({billing(), clash});
        QVERIFY2(error.contains(id), qPrintable(error));
        // The previous set stays in use.
        QCOMPARE(registry.profiles(), QList<DialectProfile>{billing()});
    }

    void recipesFollowTheLayout()
    {
        LockInfo observed;
        observed.sample = sample("billing:lock:7", RedisType::Hash, {}, {{"web-1:1:2", "1"}});
        const ProfileDialect hash(billing(RedisType::Hash));
        QVERIFY(hash.recognise(observed.sample, observed) > 0);
        LockFingerprint whole = LockFingerprint::whole(observed);
        QVERIFY(whole.isValid());
        // A hash: its whole content is the guard, for release and extend alike.
        const AdminRecipe release = hash.recipe(AdminAction::ForceRelease, observed, whole, "web-1:1:2", 0);
        QCOMPARE(release.script, u"plain/force-release"_s);
        QCOMPARE(release.args, QList<QByteArray>{whole.serialise()});
        QCOMPARE(hash.recipe(AdminAction::Extend, observed, whole, "web-1:1:2", 5000).args, (QList<QByteArray>{whole.serialise(), "5000"}));
        const LockFingerprint absent = LockFingerprint::absent("billing:lock:7");
        QCOMPARE(hash.recipe(AdminAction::Acquire, observed, absent, "web-1:1:2", 5000).script, u"profile/hash-acquire"_s);
        QVERIFY(!hash.isShared());
        QVERIFY(!hash.support(AdminAction::ReleaseHolder).enabled);

        observed = LockInfo();
        observed.sample = sample("billing:lock:7", RedisType::String, "web-1:1:2", {});
        const ProfileDialect string(billing());
        QVERIFY(string.recognise(observed.sample, observed) > 0);
        QCOMPARE(string.recipe(AdminAction::ForceRelease, observed, LockFingerprint::whole(observed), "web-1:1:2", 0).script, u"plain/force-release"_s);

        // Sets: one member alone, or every holder's member as observed.
        observed = LockInfo();
        observed.sample = sample("billing:lock:7", RedisType::Set, {}, {{"web-1:1:2", {}}, {"web-2:1:3", {}}});
        const ProfileDialect set(billing(RedisType::Set));
        QVERIFY(set.recognise(observed.sample, observed) > 0);
        QVERIFY(set.isShared());
        const LockFingerprint one = LockFingerprint::holder(observed, "web-1:1:2");
        const AdminRecipe member = set.recipe(AdminAction::ReleaseHolder, observed, one, "web-1:1:2", 0);
        QCOMPARE(member.script, u"profile/remove-members"_s);
        QCOMPARE(member.args, (QList<QByteArray>{one.serialise(), "web-1:1:2"}));
        whole = LockFingerprint::whole(observed);
        QCOMPARE(set.recipe(AdminAction::ForceRelease, observed, whole, {}, 0).args, (QList<QByteArray>{whole.serialise(), "web-1:1:2", "web-2:1:3"}));
        QVERIFY(!set.support(AdminAction::Extend).enabled);
        QVERIFY(!set.recipe(AdminAction::Acquire, observed, absent, "m", 1000).supported);
    }
};

QTEST_GUILESS_MAIN(TestDialectProfile)
#include "tst_dialectprofile.moc"

