#include "tool/serve/api_error.h"

#include "absl/strings/ascii.h"
#include "core/json.h"
#include "tool/operations.h"

namespace gamebench {

int HttpStatusOf(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kOk:
      return 200;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kUnimplemented:
      return 501;
    case absl::StatusCode::kUnavailable:
    case absl::StatusCode::kResourceExhausted:
      return 503;
    case absl::StatusCode::kDeadlineExceeded:
      return 504;
    case absl::StatusCode::kInternal:
    case absl::StatusCode::kUnknown:
    case absl::StatusCode::kDataLoss:
      return 500;
    default:
      return 400;
  }
}

std::string ErrorBody(const absl::Status& status) {
  Json error = Json::MakeObject();
  error.Set("code", absl::AsciiStrToLower(absl::StatusCodeToString(status.code())));
  // Messages quote the request, which may hold any bytes: JSON must be
  // UTF-8, so what is not ASCII is written as '?'.
  std::string message = OneLine(status.message());
  for (char& c : message)
    if (static_cast<unsigned char>(c) >= 0x80) c = '?';
  error.Set("message", message);
  Json out = Json::MakeObject();
  out.Set("error", std::move(error));
  return out.Dump();
}

}  // namespace gamebench
