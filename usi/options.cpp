#include "usi/options.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>

#include "util/text.hpp"

namespace supersoma::usi {

namespace {

const char* type_name(UsiOption::Type t) {
    switch (t) {
    case UsiOption::Type::Check: return "check";
    case UsiOption::Type::Spin: return "spin";
    case UsiOption::Type::Combo: return "combo";
    case UsiOption::Type::Button: return "button";
    case UsiOption::Type::String: return "string";
    }
    return "string";
}

}  // namespace

std::optional<std::int64_t> parse_int(const std::string& text) {
    std::int64_t value = 0;
    const char*  first = text.data();
    const char*  last  = text.data() + text.size();
    if (first != last && *first == '+') ++first;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last || first == last) return std::nullopt;
    return value;
}

std::string UsiOption::declaration() const {
    std::string line = "option name " + name + " type " + type_name(type);
    switch (type) {
    case Type::Button: break;
    case Type::Spin:
        line += " default " + default_value + " min " + std::to_string(min) + " max "
            + std::to_string(max);
        break;
    case Type::Combo:
        line += " default " + default_value;
        for (const std::string& v : vars) line += " var " + v;
        break;
    default: line += " default " + (default_value.empty() ? "<empty>" : default_value);
    }
    return line;
}

void OptionTable::add(UsiOption option) {
    assert(index_of(option.name) < 0 && "option names are unique");
    assert(option.name.find_first_of(" \t") == std::string::npos && "a name is one token");
    assert(option.type != UsiOption::Type::Combo
        || std::find(option.vars.begin(), option.vars.end(), option.default_value)
            != option.vars.end());
    option.value = option.default_value;
    if (option.on_change && option.type != UsiOption::Type::Button) option.on_change(option.value);
    options_.push_back(std::move(option));
}

void OptionTable::alias(const std::string& alias, const std::string& name) {
    aliases_[lower_case(alias)] = lower_case(name);
}

int OptionTable::index_of(const std::string& name) const {
    std::string key = lower_case(name);
    if (auto it = aliases_.find(key); it != aliases_.end()) key = it->second;
    for (std::size_t i = 0; i < options_.size(); ++i)
        if (equal_ignoring_case(options_[i].name, key)) return int(i);
    return -1;
}

std::string OptionTable::get(const std::string& name) const {
    const int i = index_of(name);
    return i < 0 ? std::string() : options_[i].value;
}

std::optional<std::string> OptionTable::set(const std::string& name, const std::string& value) {
    const int i = index_of(name);
    if (i < 0) return "unknown option '" + name + "', ignored";
    UsiOption*  o        = &options_[i];
    std::string accepted = value;
    switch (o->type) {
    case UsiOption::Type::Check:
        accepted = lower_case(value);
        if (accepted != "true" && accepted != "false")
            return "option " + o->name + ": '" + value + "' is not true or false, ignored";
        break;
    case UsiOption::Type::Spin: {
        const auto n = parse_int(value);
        if (!n) return "option " + o->name + ": '" + value + "' is not a number, ignored";
        if (*n < o->min || *n > o->max)
            return "option " + o->name + ": " + value + " is out of range " + std::to_string(o->min)
                + ".." + std::to_string(o->max) + ", ignored";
        accepted = std::to_string(*n);
        break;
    }
    case UsiOption::Type::Combo: {
        const auto it = std::find_if(o->vars.begin(), o->vars.end(),
            [&](const std::string& v) { return equal_ignoring_case(v, value); });
        if (it == o->vars.end())
            return "option " + o->name + ": '" + value + "' is not one of its values, ignored";
        accepted = *it;
        break;
    }
    case UsiOption::Type::Button:
    case UsiOption::Type::String: break;
    }
    // An option whose value cannot be applied (a file that does not load) keeps the old one.
    if (o->on_change) try {
            o->on_change(accepted);
        } catch (const std::exception& e) {
            return "option " + o->name + ": " + e.what() + ", ignored";
        }
    o->value = accepted;
    return std::nullopt;
}

}  // namespace supersoma::usi
