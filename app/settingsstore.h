#pragma once

#include "appsettings.h"
#include "windowlayout.h"

#include <QString>
#include <QStringList>

// The user's settings file (…/lockscope/lockscope.ini in the config directory, shared with
// the saved dialect profiles): AppSettings and the window's layout. main.cpp reads it once at
// start and hands the values on; the window asks it to save what the user changed.
class SettingsStore final
{
public:
    // The settings file; empty for the user's.
    explicit SettingsStore(const QString &file = {});

    static QString defaultFile();
    const QString &file() const { return m_file; }

    // What was saved, defaults for what was not. A value that cannot be read or is out of
    // range gives its default or nearest allowed value, and is named in *problems.
    AppSettings load(QStringList *problems = nullptr) const;
    bool save(const AppSettings &settings, QString *error = nullptr) const;

    WindowLayout loadLayout() const;
    bool saveLayout(const WindowLayout &layout, QString *error = nullptr) const;

private:
    QString m_file;
};
