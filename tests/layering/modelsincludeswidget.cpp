// Must not compile: models uses a widget.
#include <QWidget>
int probe() { return int(sizeof(QWidget)); }
