package streamable

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
)

// checkRequestSource protects a server against other websites: a browser
// page from a foreign Origin gets 403, and on a loopback listener only
// loopback Host names are served (DNS rebinding). It returns 0 when the
// request may proceed.
func (h *Server) checkRequestSource(r *http.Request) (int, string) {
	local := loopbackListener(r)
	if local && !h.hostAllowed(r.Host) {
		return http.StatusForbidden, "Forbidden: Host " + r.Host + " is not allowed"
	}
	if origin := r.Header.Get("Origin"); origin != "" && !h.originAllowed(origin, r.Host, local) {
		return http.StatusForbidden, "Forbidden: Origin " + origin + " is not allowed"
	}
	return 0, ""
}

func (h *Server) hostAllowed(host string) bool {
	if last := h.allowedHost.Load(); last != nil && *last == host {
		return true // clients keep sending the same Host
	}
	if !slices.Contains(h.opts.AllowedHosts, host) {
		name := hostname(host)
		if !isLoopbackName(name) && !slices.Contains(h.opts.AllowedHosts, name) {
			return false
		}
	}
	allowed := host // (taking host's own address would move it to the heap on every call)
	h.allowedHost.Store(&allowed)
	return true
}

func (h *Server) originAllowed(origin, host string, local bool) bool {
	if slices.Contains(h.opts.AllowedOrigins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if strings.EqualFold(u.Host, host) {
		return true // same origin
	}
	return local && isLoopbackName(u.Hostname())
}

// loopbackListener reports whether the request arrived on a loopback address.
func loopbackListener(r *http.Request) bool {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return true // unknown: be strict
	}
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return tcp.IP == nil || tcp.IP.IsLoopback()
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return true
	}
	ip := net.ParseIP(host)
	return ip == nil || ip.IsLoopback()
}

func hostname(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return strings.ToLower(h)
	}
	return strings.ToLower(strings.Trim(hostport, "[]"))
}

func isLoopbackName(name string) bool {
	name = strings.ToLower(strings.Trim(name, "[]"))
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(name)
	return err == nil && ip.Unmap().IsLoopback()
}
