/// @file generators.hpp
/// @brief Every host graph, list and tree generator in one include.
#pragma once

#include "frontier/io/generate_grid.hpp"
#include "frontier/io/generate_kronecker.hpp"
#include "frontier/io/generate_list.hpp"
#include "frontier/io/generate_tree.hpp"
#include "frontier/io/generate_uniform.hpp"
