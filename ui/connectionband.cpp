#include "connectionband.h"

#include "connectionprofile.h"

ConnectionBand::ConnectionBand(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("connectionBand"));
    setAlignment(Qt::AlignCenter);
    setTextFormat(Qt::RichText);
    setMargin(4);
    hide();
}

QColor ConnectionBand::defaultColor()
{
    return QColor(0xb3, 0x26, 0x1e);
}

QColor ConnectionBand::textColorOn(const QColor &background)
{
    // Relative luminance, roughly: light backgrounds (yellow, light green) get black text.
    const double luminance = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

void ConnectionBand::showConnection(const ConnectionProfile *profile, bool readOnly)
{
    if (!profile || !profile->production) {
        hide();
        clear();
        return;
    }
    const QColor background = profile->color.isValid() ? profile->color : defaultColor();
    setStyleSheet(QStringLiteral("QLabel#connectionBand { background: %1; color: %2; }")
                      .arg(background.name(), textColorOn(background).name()));
    setText(tr("<b>PRODUCTION</b> &nbsp;·&nbsp; <b>%1</b> &nbsp;·&nbsp; %2 &nbsp;·&nbsp; %3")
                .arg(profile->displayName().toHtmlEscaped(), profile->addressText().toHtmlEscaped(),
                     readOnly ? tr("read-only") : tr("admin actions on: a force-release asks for the key name")));
    show();
}
