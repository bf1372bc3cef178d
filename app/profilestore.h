#pragma once

#include "dialectprofile.h"

#include <QString>

// Where custom dialect profiles live: the user's settings (so the window finds them on the
// next start) and JSON files (to share them and to pass them to the CLI with --profile).
class ProfileStore final
{
public:
    // The settings file; empty for the user's (…/lockscope/lockscope.ini in the config dir).
    explicit ProfileStore(const QString &settingsFile = {});

    QString settingsFile() const { return m_settingsFile; }

    // The saved profiles; nothing saved is an empty list. Unreadable settings give nothing
    // and *error set, so a broken entry is reported, not silently dropped on the next save.
    std::optional<QList<DialectProfile>> load(QString *error) const;
    bool save(const QList<DialectProfile> &profiles, QString *error) const;

    static std::optional<QList<DialectProfile>> readFile(const QString &path, QString *error);
    static bool writeFile(const QString &path, const QList<DialectProfile> &profiles, QString *error);

private:
    QString m_settingsFile;
};
