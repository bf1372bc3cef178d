#pragma once

#include <QLabel>

// One line of plain text cut to the label's width with "…" (where mode says), rather than
// clipped mid-letter or widening its window; the tooltip has the text whole when it is cut.
class ElidedLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ElidedLabel)

public:
    explicit ElidedLabel(Qt::TextElideMode mode, QWidget *parent = nullptr);

    void setFullText(const QString &text);
    QString fullText() const { return m_text; }
    bool isCut() const { return text() != m_text; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    Qt::TextElideMode m_mode;
    QString m_text;
};
