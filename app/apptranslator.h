#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

// The language LockScope speaks: the catalogues compiled into the binary (qt_add_translations,
// under :/i18n), picked by --lang, else the language in Settings, else the system's UI
// languages. English is the source language and needs no catalogue.
class AppTranslator final
{
public:
    // Locale names with a catalogue ("zh_CN"), English not among them.
    static QStringList available();
    // Installs the catalogue for language ("" follows the system) and Qt's own for its standard
    // dialogs and buttons, where installed. Returns the locale name in use ("en" for English);
    // *missing is set when an explicit language has no catalogue here.
    static QString install(QCoreApplication *app, const QString &language, bool *missing = nullptr);
    // "zh-CN", "zh_cn" and "zh_CN.UTF-8" as "zh_CN"; empty for what is not a language.
    static QString normalize(const QString &language);
};
