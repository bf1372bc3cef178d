#include "profilestore.h"

#include <QFile>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

namespace {
const QString profilesKey = QStringLiteral("dialects/profiles");
}

ProfileStore::ProfileStore(const QString &settingsFile)
    : m_settingsFile(settingsFile)
{
    if (m_settingsFile.isEmpty())
        m_settingsFile = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
                         + QStringLiteral("/lockscope/lockscope.ini");
}

std::optional<QList<DialectProfile>> ProfileStore::load(QString *error) const
{
    const QSettings settings(m_settingsFile, QSettings::IniFormat);
    const QByteArray json = settings.value(profilesKey).toByteArray();
    if (json.isEmpty())
        return QList<DialectProfile>();
    std::optional<QList<DialectProfile>> profiles = DialectProfile::listFromJson(json, error);
    if (!profiles)
        *error = QObject::tr("The saved dialect profiles in %1 are unreadable: %2").arg(m_settingsFile, *error);
    return profiles;
}

bool ProfileStore::save(const QList<DialectProfile> &profiles, QString *error) const
{
    QSettings settings(m_settingsFile, QSettings::IniFormat);
    if (profiles.isEmpty())
        settings.remove(profilesKey);
    else
        settings.setValue(profilesKey, DialectProfile::listToJson(profiles));
    settings.sync();
    if (settings.status() != QSettings::NoError) {
        *error = QObject::tr("Could not save the dialect profiles to %1.").arg(m_settingsFile);
        return false;
    }
    return true;
}

std::optional<QList<DialectProfile>> ProfileStore::readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QObject::tr("Cannot read profile file %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    std::optional<QList<DialectProfile>> profiles = DialectProfile::listFromJson(file.readAll(), error);
    if (!profiles)
        *error = QObject::tr("Profile file %1: %2").arg(path, *error);
    return profiles;
}

bool ProfileStore::writeFile(const QString &path, const QList<DialectProfile> &profiles, QString *error)
{
    QSaveFile file(path); // all or nothing: a full disk never leaves half a file behind
    if (!file.open(QIODevice::WriteOnly) || file.write(DialectProfile::listToJson(profiles)) < 0 || !file.commit()) {
        *error = QObject::tr("Cannot write profile file %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}
