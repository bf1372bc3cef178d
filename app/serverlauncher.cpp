#include "serverlauncher.h"

ServerLauncher::~ServerLauncher() = default;
