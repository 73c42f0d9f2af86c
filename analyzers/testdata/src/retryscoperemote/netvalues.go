package retryscoperemote

import (
	"net"
	"os/exec"
	"syscall"
	"time"
)

// Package net holds addresses as well as connections: parsing an address,
// masking it or listing the interfaces the kernel keeps stays in the
// process; a dial or a lookup does not. A command run through os/exec may be
// a local tool or a client of another system: out of reach, not remote.

// addLinkAddr programs the local kernel: it takes net's address types and
// makes a syscall, nothing more.
func addLinkAddr(link string, ip net.IP, mask net.IPMask) error {
	if ip.To4() == nil || len(mask) == 0 {
		return syscall.EINVAL
	}
	_, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM, 0)
	return err
}

func kernelAddrLocal(link, cidr string) error {
	var err error
	for i := 0; i < 10; i++ { // want `local`
		ip, ipnet, perr := net.ParseCIDR(cidr)
		if perr != nil {
			return perr
		}
		if err = addLinkAddr(link, ip, ipnet.Mask); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

func interfacesLocal() ([]net.Addr, error) {
	var err error
	for i := 0; i < 10; i++ { // want `local`
		var addrs []net.Addr
		if addrs, err = net.InterfaceAddrs(); err == nil {
			return addrs, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, err
}

func commandLocal() error {
	var err error
	for i := 0; i < 10; i++ { // want `local`
		if err = exec.Command("iptables-restore", "rules").Run(); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// Look-alikes: a dial and a lookup leave the machine.
func dialRemote(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 10; i++ { // want `remote`
		var c net.Conn
		if c, err = net.Dial("tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, err
}

func lookupRemote(host string) ([]string, error) {
	var err error
	for i := 0; i < 10; i++ { // want `remote`
		var addrs []string
		if addrs, err = net.LookupHost(host); err == nil {
			return addrs, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, err
}
