// libyaml (Debian's libyaml-dev): the event parser `trawl import` reads urlwatch's urls.yaml with.
#include <yaml.h>
