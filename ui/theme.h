#pragma once

#include "appsettings.h"

#include <QColor>
#include <QObject>
#include <QPalette>

#include <optional>

class QDBusVariant;

// Light or dark, as the user chose in Settings or as the system prefers. Made once by
// main.cpp and told the choice; it sets the application's palette (and the Fusion style,
// whose drawing follows any palette, when it replaces the platform's), and follows the
// system while the choice is System.
//
// What "the system prefers" is, Qt 6.4 (Debian 12) cannot say itself: QStyleHints::colorScheme
// arrived in 6.5. So, in order: Qt's own answer where built with 6.5 or later; the desktop
// portal's org.freedesktop.appearance color-scheme (GNOME 42+, KDE Plasma 5.24+, asked over
// D-Bus without waiting, and followed when it changes); and the platform palette's window
// colour, dark when its lightness is below the middle (a KDE or qt6ct dark colour scheme).
class Theme final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Theme)

public:
    enum class Scheme { Light, Dark };
    // Colours for marks and text that carry meaning (status dots, errors), readable on the
    // palette's window and base colours in either scheme.
    enum class Role { Ok, Warning, Error, Muted };

    // Remembers the platform's palette and style as they are now, before any choice.
    explicit Theme(QObject *parent = nullptr);
    ~Theme() override;

    void setChoice(AppSettings::Theme choice);
    AppSettings::Theme choice() const { return m_choice; }
    // The scheme in effect.
    Scheme scheme() const { return m_applied; }
    // What the system asks for, as far as it is known.
    Scheme systemScheme() const;
    // Tells the theme what the system prefers, as the portal would (tests; a platform that
    // reports it some other way).
    void setSystemPreference(std::optional<Scheme> scheme);

    static bool isDark(const QPalette &palette);
    static QPalette darkPalette();
    static QPalette lightPalette();
    static QColor color(Role role, const QPalette &palette);
    // "#rrggbb" of color(role) for the application's palette, for rich text.
    static QString colorName(Role role);

Q_SIGNALS:
    void schemeChanged(Theme::Scheme scheme);

private Q_SLOTS:
    // The portal's SettingChanged (a D-Bus signal, connected by name).
    void onPortalSettingChanged(const QString &group, const QString &key, const QDBusVariant &value);

private:
    void apply();
    void askPortal();

    AppSettings::Theme m_choice = AppSettings::Theme::System;
    Scheme m_applied = Scheme::Light;
    bool m_appliedOnce = false;
    QPalette m_platformPalette;
    QString m_platformStyle;
    std::optional<Scheme> m_systemPreference;
};
