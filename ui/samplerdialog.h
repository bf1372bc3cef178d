#pragma once

#include <QDialog>

class QSpinBox;

// Asks before sampling failed acquisitions with MONITOR, and says what it costs.
class SamplerDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SamplerDialog)

public:
    explicit SamplerDialog(const QString &server, QWidget *parent = nullptr);
    int seconds() const;

private:
    QSpinBox *m_seconds;
};
