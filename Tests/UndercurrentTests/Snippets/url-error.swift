import Foundation
import Combine

// URLError and its codes: printed, compared, thrown and caught as Foundation does.
let e = URLError(.notConnectedToInternet)
print(e)
debugPrint(e)
print(e.code, e.code.rawValue, e.errorCode, URLError.errorDomain)
print(e.code == .notConnectedToInternet, e.code == URLError.Code.timedOut)
print(URLError.Code(rawValue: -1001) == .timedOut)
print([URLError(.badURL)])
print(type(of: e), type(of: e.code))
print(e.localizedDescription)
let c = Fail<Int, URLError>(error: URLError(.timedOut)).sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
do { throw URLError(.cancelled) } catch let error as URLError { print("caught", error.code) } catch { print("other") }
let codes: [URLError.Code] = [.unknown, .cancelled, .badURL, .timedOut, .unsupportedURL, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed, .httpTooManyRedirects, .resourceUnavailable, .notConnectedToInternet, .redirectToNonExistentLocation, .badServerResponse, .userCancelledAuthentication, .userAuthenticationRequired, .zeroByteResource, .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse, .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile, .dataLengthExceedsMaximum, .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired, .cannotLoadFromNetwork, .cannotCreateFile, .cannotOpenFile, .cannotCloseFile, .cannotWriteToFile, .cannotRemoveFile, .cannotMoveFile, .downloadDecodingFailedMidStream, .downloadDecodingFailedToComplete, .internationalRoamingOff, .callIsActive, .dataNotAllowed, .requestBodyStreamExhausted, .backgroundSessionRequiresSharedContainer, .backgroundSessionInUseByAnotherProcess, .backgroundSessionWasDisconnected, .appTransportSecurityRequiresSecureConnection]
print(codes.map(\.rawValue))
print(e.failureURLString as Any, e.failingURL as Any)
debugPrint(URLError.Code.badURL)
print(URLError.badURL)
let bad = URLError(URLError.Code.badURL)
print(bad == URLError(.badURL), bad == e)
print(URLError.errorDomain)
switch bad.code {
case .badURL: print("bad")
default: print("other")
}
struct Wrapper: Error { let underlying: URLError }
print(Wrapper(underlying: bad))
print(String(describing: bad))
print("\(bad)")
print(URLError.Code(rawValue: 5) == nil)
