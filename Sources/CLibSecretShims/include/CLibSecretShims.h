#ifndef CLIBSECRETSHIMS_H
#define CLIBSECRETSHIMS_H
#include "../../CLibSecret/CLibSecret.h"
#endif
